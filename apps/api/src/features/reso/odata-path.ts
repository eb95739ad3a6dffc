import { defaultParser } from '@odata/parser';
import { ODataQueryError } from '../../rules/odata-query.ts';
import { RESO_RESOURCES, type ResoResource } from '../../rules/reso-fields.ts';

/** What a path under /reso/odata asks for. */
export type ODataTarget =
  | { kind: 'service' }
  | { kind: 'metadata' }
  | { kind: 'collection'; resource: ResoResource }
  | { kind: 'entity'; resource: ResoResource; key: string };

type Node = { type?: string; value?: unknown; raw?: string } | undefined;
const at = (node: Node, ...keys: string[]): Node => {
  let n: unknown = node;
  for (const k of keys) n = (n as Record<string, unknown> | undefined)?.[k];
  return n as Node;
};

/** The key of `Property('…')` or `Property(ListingKey='…')`, a quoted string either way. */
function keyOf(resource: ResoResource, predicate: Node): string {
  let value: Node;
  if (predicate?.type === 'SimpleKey') value = at(predicate, 'value', 'value');
  if (predicate?.type === 'CompoundKey') {
    const pairs = predicate.value as Node[];
    const pair = pairs.length === 1 ? pairs[0] : undefined;
    const name = (at(pair, 'value', 'key', 'value') as { name?: string } | undefined)?.name;
    if (name === resource.key) value = at(pair, 'value', 'value');
  }
  if (value?.value !== 'Edm.String' || typeof value.raw !== 'string') {
    throw new ODataQueryError(
      `A ${resource.name} is read by its ${resource.key} in quotes: ${resource.name}('…').`,
      resource.name,
    );
  }
  return value.raw.slice(1, -1).replaceAll("''", "'");
}

/**
 * The path after /reso/odata/, parsed by @odata/parser's resource-path grammar; null when it
 * names nothing we serve (a 404).
 */
export function readODataPath(path: string): ODataTarget | null {
  if (path === '' || path === '/') return { kind: 'service' };
  if (path === '$metadata') return { kind: 'metadata' };
  let parsed: Node;
  try {
    parsed = defaultParser.resourcePath(`/${path}`) as unknown as Node;
  } catch {
    return null;
  }
  if (!parsed || parsed.raw !== path) return null;
  const name = (at(parsed, 'value', 'resource', 'value') as { name?: string } | undefined)?.name;
  const resource = Object.values(RESO_RESOURCES).find((r) => r.name === name);
  if (!resource) return null;
  const navigation = at(parsed, 'value', 'navigation');
  if (!navigation) return { kind: 'collection', resource };
  const predicate = at(navigation, 'value', 'path', 'value', 'predicate');
  if (!predicate || at(navigation, 'value', 'path', 'value', 'navigation')) return null;
  return { kind: 'entity', resource, key: keyOf(resource, predicate) };
}
