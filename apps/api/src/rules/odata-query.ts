import { defaultParser } from '@odata/parser';
import {
  fieldOf,
  RESO_ENUM_NAMESPACE,
  RESO_ENUMS,
  type ResoField,
  type ResoResource,
  typeWords,
} from './reso-fields.ts';

/**
 * A RESO Web API query read and checked (issue 49): the OData system query options parsed by
 * @odata/parser (the OASIS ABNF grammar, never regular expressions) and turned into a small
 * tree of our own naming only published fields, with every literal checked against its field's
 * type. Anything else is an ODataQueryError: a 400 that names the problem.
 */

export type Comparison = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;
export type Filter =
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; expr: Filter }
  | { kind: 'compare'; op: Comparison; field: ResoField; value: FilterValue };

export interface OrderItem {
  field: ResoField;
  desc: boolean;
}

export interface ResoQuery {
  select: ResoField[] | null;
  filter: Filter | null;
  orderBy: OrderItem[];
  top: number | null;
  skip: number;
  count: boolean;
  skipToken: string | null;
}

export class ODataQueryError extends Error {
  readonly target: string;
  readonly code: string;
  constructor(message: string, target: string, code = 'BadRequest') {
    super(message);
    this.target = target;
    this.code = code;
  }
}

/** A deeper filter is refused: it is a mistake or an attack, and costs the parser stack. */
const MAX_FILTER_LENGTH = 4_000;
const MAX_ORDER_ITEMS = 4;
const SUPPORTED = new Set([
  '$select',
  '$filter',
  '$orderby',
  '$top',
  '$skip',
  '$count',
  '$skiptoken',
]);
const IGNORED = new Set(['$format']);

type Token = { type: string; value: unknown; raw: string };
const isToken = (v: unknown): v is Token =>
  typeof v === 'object' && v !== null && 'type' in v && 'raw' in v;

const COMPARISONS: Record<string, Comparison> = {
  EqualsExpression: 'eq',
  NotEqualsExpression: 'ne',
  GreaterThanExpression: 'gt',
  GreaterOrEqualsExpression: 'ge',
  LesserThanExpression: 'lt',
  LesserOrEqualsExpression: 'le',
};
const FLIPPED: Record<Comparison, Comparison> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'lt',
  ge: 'le',
  lt: 'gt',
  le: 'ge',
};
const WRAPPERS = new Set([
  'CommonExpression',
  'FirstMemberExpression',
  'MemberExpression',
  'PropertyPathExpression',
  'BoolParenExpression',
  'ParenExpression',
  'BoolCommonExpression',
]);

/** The field a token names, when it is a plain property (not a path, call or literal). */
function memberName(token: Token): string | null {
  let t: Token = token;
  for (let depth = 0; depth < 10; depth++) {
    if (t.type === 'ODataIdentifier') {
      const name = (t.value as { name?: unknown }).name;
      return typeof name === 'string' ? name : null;
    }
    // A path (A/B) keeps its parts under `current`, not `value`: not a plain property.
    if (!WRAPPERS.has(t.type) || !isToken(t.value)) return null;
    t = t.value;
  }
  return null;
}

/** Through parentheses and wrappers to the expression inside. */
function unwrap(token: Token): Token {
  let t = token;
  while ((t.type === 'BoolParenExpression' || t.type === 'CommonExpression') && isToken(t.value)) {
    t = t.value;
  }
  return t;
}

function publishedField(resource: ResoResource, name: string, target: string): ResoField {
  const field = fieldOf(resource, name);
  if (!field) {
    throw new ODataQueryError(`${resource.name} has no field named ${name}.`, target);
  }
  return field;
}

const unquote = (raw: string) => raw.slice(1, -1).replaceAll("''", "'");
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) =>
  DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** A literal read for a field, or a 400 saying what the field takes. */
function literalFor(field: ResoField, token: Token): FilterValue {
  const bad = () =>
    new ODataQueryError(
      `${field.name} is compared with ${typeWords(field.type)}; ${token.raw} is not.`,
      '$filter',
    );
  if (token.type === 'Literal' && token.value === 'null') return null;
  const type = field.type;
  if (typeof type === 'object') {
    let value: string | null = null;
    if (token.type === 'Literal' && token.value === 'Edm.String') value = unquote(token.raw);
    if (token.type === 'Enum') {
      const at = token.raw.indexOf("'");
      const typeName = token.raw.slice(0, at);
      if (typeName !== `${RESO_ENUM_NAMESPACE}.${type.enum}`) throw bad();
      value = unquote(token.raw.slice(at));
    }
    if (value === null || !RESO_ENUMS[type.enum].includes(value)) throw bad();
    return value;
  }
  if (token.type !== 'Literal') throw bad();
  const edm = token.value as string;
  switch (type) {
    case 'Edm.String':
      if (edm !== 'Edm.String') throw bad();
      return unquote(token.raw);
    case 'Edm.Boolean':
      if (edm !== 'Edm.Boolean') throw bad();
      return token.raw.toLowerCase() === 'true';
    case 'Edm.Date':
      if (edm !== 'Edm.Date' || !validDate(token.raw)) throw bad();
      return token.raw;
    case 'Edm.DateTimeOffset': {
      const at = Date.parse(token.raw);
      if (edm !== 'Edm.DateTimeOffset' || Number.isNaN(at)) throw bad();
      return new Date(at).toISOString();
    }
    default: {
      const n = Number(token.raw);
      const numeric = /^Edm\.(S?Byte|Int16|Int32|Int64|Decimal|Double|Single)$/.test(edm);
      if (!numeric || !Number.isFinite(n)) throw bad();
      if (type === 'Edm.Int64' && !Number.isInteger(n)) throw bad();
      return n;
    }
  }
}

function comparison(resource: ResoResource, token: Token, op: Comparison): Filter {
  const { left, right } = token.value as { left: Token; right: Token };
  const leftName = memberName(left);
  const rightName = memberName(right);
  if (leftName !== null && rightName !== null) {
    throw new ODataQueryError(
      `Compare a field with a value, not two fields (${token.raw}).`,
      '$filter',
    );
  }
  const name = leftName ?? rightName;
  if (name === null) {
    throw new ODataQueryError(`${token.raw} compares no field.`, '$filter');
  }
  const field = publishedField(resource, name, '$filter');
  const value = literalFor(field, unwrap(leftName !== null ? right : left));
  const actual = leftName !== null ? op : FLIPPED[op];
  if (value === null && actual !== 'eq' && actual !== 'ne') {
    throw new ODataQueryError(
      `${field.name} can be compared with null by eq or ne only.`,
      '$filter',
    );
  }
  return { kind: 'compare', op: actual, field, value };
}

function filterOf(resource: ResoResource, token: Token, depth: number): Filter {
  if (depth > 50) throw new ODataQueryError('The $filter is nested too deeply.', '$filter');
  const t = unwrap(token);
  if (t.type === 'AndExpression' || t.type === 'OrExpression') {
    const { left, right } = t.value as { left: Token; right: Token };
    return {
      kind: t.type === 'AndExpression' ? 'and' : 'or',
      left: filterOf(resource, left, depth + 1),
      right: filterOf(resource, right, depth + 1),
    };
  }
  if (t.type === 'NotExpression') return negated(resource, t.value as Token, depth + 1);
  const op = COMPARISONS[t.type];
  if (op) return comparison(resource, t, op);
  const name = memberName(t);
  if (name !== null) {
    const field = publishedField(resource, name, '$filter');
    if (field.type !== 'Edm.Boolean') {
      throw new ODataQueryError(
        `${name} is not true or false; compare it with a value.`,
        '$filter',
      );
    }
    return { kind: 'compare', op: 'eq', field, value: true };
  }
  throw new ODataQueryError(
    `${t.raw} is not supported: use eq, ne, gt, ge, lt, le, and, or, not and parentheses.`,
    '$filter',
  );
}

/**
 * `not` binds tighter than `and` and `or` (OData 4.01 §5.1.1.15), but the parser follows the
 * ABNF, whose `not` takes the whole chain after it: `not A and B` arrives as not(A and B). The
 * negation goes back to the first operand of the chain; a parenthesised group stays whole.
 */
function negated(resource: ResoResource, token: Token, depth: number): Filter {
  let t = token;
  while (t.type === 'CommonExpression' && isToken(t.value)) t = t.value;
  if (t.type === 'AndExpression' || t.type === 'OrExpression') {
    const { left, right } = t.value as { left: Token; right: Token };
    return {
      kind: t.type === 'AndExpression' ? 'and' : 'or',
      left: negated(resource, left, depth + 1),
      right: filterOf(resource, right, depth + 1),
    };
  }
  return { kind: 'not', expr: filterOf(resource, t, depth + 1) };
}

function parseFilter(resource: ResoResource, text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) {
    throw new ODataQueryError(
      `The $filter is longer than ${MAX_FILTER_LENGTH} characters.`,
      '$filter',
    );
  }
  let token: Token | undefined;
  let at = 1;
  try {
    token = defaultParser.filter(text) as Token;
  } catch (err) {
    // The parser says where it stopped: "Unexpected character at 6" (0-based).
    const found = /at (\d+)$/.exec(err instanceof Error ? err.message : '');
    at = found ? Number(found[1]) + 1 : 1;
  }
  if (!token || token.raw !== text) {
    throw new ODataQueryError(`The $filter could not be read from character ${at}.`, '$filter');
  }
  return filterOf(resource, token, 0);
}

/** `$select=A,B` / `$orderby=A desc,B` parsed as the query option itself. */
function optionItems(option: string, text: string): Token[] {
  const source = `${option}=${text}`;
  let parsed: Token | undefined;
  try {
    parsed = defaultParser.query(source) as unknown as Token;
  } catch {
    parsed = undefined;
  }
  const options = (parsed?.value as { options?: Token[] } | undefined)?.options;
  const only = options?.length === 1 ? options[0] : undefined;
  if (!only || only.raw !== source) {
    throw new ODataQueryError(`The ${option} could not be read: ${text}`, option);
  }
  return (only.value as { items: Token[] }).items;
}

function parseSelect(resource: ResoResource, text: string): ResoField[] {
  if (text.trim() === '*') return [...resource.fields];
  const names = optionItems('$select', text).map((item) => item.raw);
  return [...new Set(names)].map((n) => publishedField(resource, n, '$select'));
}

function parseOrderBy(resource: ResoResource, text: string): OrderItem[] {
  const items = optionItems('$orderby', text);
  if (items.length > MAX_ORDER_ITEMS) {
    throw new ODataQueryError(`Order by at most ${MAX_ORDER_ITEMS} fields.`, '$orderby');
  }
  return items.map((item) => {
    const { expr, direction } = item.value as { expr: Token; direction: number };
    const name = memberName(expr);
    if (name === null) {
      throw new ODataQueryError(`Order by a field name: ${expr.raw} is not one.`, '$orderby');
    }
    return { field: publishedField(resource, name, '$orderby'), desc: direction === -1 };
  });
}

function count(option: string, text: string): number {
  if (!/^\d{1,9}$/.test(text)) {
    throw new ODataQueryError(`${option} takes a whole number of 0 or more: ${text}`, option);
  }
  return Number(text);
}

/** The query options of one request, checked against the resource's published fields. */
export function readResoQuery(
  resource: ResoResource,
  query: Record<string, string | string[] | undefined>,
): ResoQuery {
  const one = (name: string) => {
    const v = query[name];
    if (Array.isArray(v)) throw new ODataQueryError(`${name} is given more than once.`, name);
    return v;
  };
  for (const name of Object.keys(query)) {
    if (name.startsWith('$') && !SUPPORTED.has(name) && !IGNORED.has(name)) {
      throw new ODataQueryError(
        `${name} is not supported by this service.`,
        name,
        'NotImplemented',
      );
    }
  }
  const format = one('$format');
  if (format !== undefined && format !== 'json' && !format.startsWith('application/json')) {
    throw new ODataQueryError('Only $format=json is served.', '$format');
  }
  const select = one('$select');
  const filter = one('$filter');
  const orderBy = one('$orderby');
  const top = one('$top');
  const skip = one('$skip');
  const countText = one('$count');
  if (countText !== undefined && countText !== 'true' && countText !== 'false') {
    throw new ODataQueryError('$count is true or false.', '$count');
  }
  return {
    select: select === undefined ? null : parseSelect(resource, select),
    filter: filter === undefined || filter.trim() === '' ? null : parseFilter(resource, filter),
    orderBy: orderBy === undefined ? [] : parseOrderBy(resource, orderBy),
    top: top === undefined ? null : count('$top', top),
    skip: skip === undefined ? 0 : count('$skip', skip),
    count: countText === 'true',
    skipToken: one('$skiptoken') ?? null,
  };
}
