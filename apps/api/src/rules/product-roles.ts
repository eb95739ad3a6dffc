import { sameRoles } from '@lantern/contracts';

/**
 * Who may order a product (issue 36): a coverage row's `roles`, null meaning every role. This
 * rule decides when a save of the product form may write them.
 */

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
