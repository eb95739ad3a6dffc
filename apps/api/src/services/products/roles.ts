/**
 * Who may order a product (issue 36): a coverage row's `roles`, null meaning every role. These
 * rules decide when a save of the product form may write them.
 */
type Roles = readonly string[] | null;

/** The same roles, in any order (null, every role, only equals null). */
export function sameRoles(a: Roles, b: Roles): boolean {
  if (a === null || b === null) return a === b;
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((r) => right.has(r));
}

/**
 * The roles a save writes, or undefined to leave every coverage row as it is: when the form left
 * them out, or sent the roles the product already has. Only a real change is written, so a save
 * of a name or description never touches who may order.
 */
export function rolesToWrite<R extends string>(
  current: readonly R[] | null,
  requested: readonly R[] | null | undefined,
): R[] | null | undefined {
  if (requested === undefined || sameRoles(current, requested)) return undefined;
  return requested === null ? null : [...new Set(requested)];
}
