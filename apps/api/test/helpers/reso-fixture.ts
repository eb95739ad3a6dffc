import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local MLS answering as the RESO Web API specification documents (issue 49): an OAuth2
 * client-credentials token endpoint (RFC 6749 §4.4, its JSON errors), and `GET /Property` with
 * OData's `$filter` (eq, ne, gt, ge, lt, le, in, and, or, not, parentheses; strings, numbers,
 * DateTimeOffset literals), `$orderby`, `$top` and `$skip`, server-driven paging through an
 * absolute `@odata.nextLink` when a page is capped at `maxPageSize`, and OData JSON error bodies
 * `{"error": {"code", "message"}}`. Tests change its records between runs and script failures.
 */
export interface ResoRecord {
  ListingKey?: unknown;
  ModificationTimestamp?: unknown;
  StandardStatus?: unknown;
  [field: string]: unknown;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Cut the connection instead of answering (a network failure). */
  destroy?: boolean;
}

export interface ResoFixture {
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  records: ResoRecord[];
  /** Records per page at most, whatever `$top` asks (servers cap it). */
  maxPageSize: number;
  tokenRequests: number;
  /** Property requests as received: the path and query, and the Authorization header. */
  requests: { url: string; authorization: string | undefined }[];
  /** The answer to the Property request with this number (1-based), instead of the records. */
  script: Map<number, ScriptedAnswer>;
  /** Tokens issued so far stop working (as when they expire). */
  expireTokens(): void;
  /** Run before answering the Property request with this number. */
  before: Map<number, () => void>;
  close(): Promise<void>;
}

type Literal = string | number | boolean | null | { date: number };
type Node =
  | { op: 'and' | 'or'; left: Node; right: Node }
  | { op: 'not'; expr: Node }
  | { op: 'cmp'; cmp: string; field: string; value: Literal }
  | { op: 'in'; field: string; values: Literal[] };

class ODataError extends Error {}

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function literal(token: string | undefined): Literal {
  if (token === undefined) throw new ODataError('The $filter ends early.');
  if (token.startsWith("'")) return token.slice(1, -1).replaceAll("''", "'");
  if (token === 'true' || token === 'false') return token === 'true';
  if (token === 'null') return null;
  if (DATE.test(token)) return { date: Date.parse(token) };
  if (/^-?\d+(\.\d+)?$/.test(token)) return Number(token);
  throw new ODataError(`The $filter has an unknown literal: ${token}`);
}

/** Recursive descent over OData's boolean expressions, enough of them for replication. */
function parseFilter(text: string): Node {
  const tokens = text.match(/\(|\)|,|'(?:[^']|'')*'|[^\s(),]+/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const take = (want?: string) => {
    const t = tokens[i++];
    if (want && t !== want) throw new ODataError(`The $filter expected ${want} and found ${t}.`);
    return t;
  };
  function primary(): Node {
    if (peek() === 'not') {
      take('not');
      return { op: 'not', expr: primary() };
    }
    if (peek() === '(') {
      take('(');
      const e = or();
      take(')');
      return e;
    }
    const field = take() as string;
    const op = take();
    if (op === 'in') {
      take('(');
      const values = [literal(take())];
      while (peek() === ',') {
        take(',');
        values.push(literal(take()));
      }
      take(')');
      return { op: 'in', field, values };
    }
    if (!op || !['eq', 'ne', 'gt', 'ge', 'lt', 'le'].includes(op))
      throw new ODataError(`The $filter has an unknown operator: ${op}`);
    return { op: 'cmp', cmp: op, field, value: literal(take()) };
  }
  function and(): Node {
    let left = primary();
    while (peek() === 'and') {
      take('and');
      left = { op: 'and', left, right: primary() };
    }
    return left;
  }
  function or(): Node {
    let left = and();
    while (peek() === 'or') {
      take('or');
      left = { op: 'or', left, right: and() };
    }
    return left;
  }
  const tree = or();
  if (i < tokens.length) throw new ODataError(`The $filter has more after ${tokens[i - 1]}.`);
  return tree;
}

/** Compare a record's value with a literal as OData does: dates by instant, else by value. */
function compare(value: unknown, lit: Literal): number | null {
  if (value === null || value === undefined || lit === null) return null;
  if (typeof lit === 'object') {
    const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isNaN(at) ? null : at - lit.date;
  }
  if (typeof value !== typeof lit) return null;
  return value < lit ? -1 : value > lit ? 1 : 0;
}

function matches(node: Node, r: ResoRecord): boolean {
  switch (node.op) {
    case 'and':
      return matches(node.left, r) && matches(node.right, r);
    case 'or':
      return matches(node.left, r) || matches(node.right, r);
    case 'not':
      return !matches(node.expr, r);
    case 'in':
      return node.values.some((v) => compare(r[node.field], v) === 0);
    case 'cmp': {
      if (node.value === null) return ((r[node.field] ?? null) === null) === (node.cmp === 'eq');
      const c = compare(r[node.field], node.value);
      if (c === null) return node.cmp === 'ne';
      return { eq: c === 0, ne: c !== 0, gt: c > 0, ge: c >= 0, lt: c < 0, le: c <= 0 }[
        node.cmp as 'eq'
      ];
    }
  }
}

/** Two records' values in `$orderby` order: timestamps by instant, others by value, nulls first. */
function order(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string' && DATE.test(a) && DATE.test(b))
    return Date.parse(a) - Date.parse(b);
  if (a == null || b == null) return a == null ? (b == null ? 0 : -1) : 1;
  return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
}

function orderBy(text: string | null) {
  const keys = (text ?? '')
    .split(',')
    .filter(Boolean)
    .map((k) => k.trim().split(/\s+/));
  return (a: ResoRecord, b: ResoRecord) => {
    for (const [field = '', dir] of keys) {
      const c = order(a[field], b[field]);
      if (c !== 0) return dir === 'desc' ? -c : c;
    }
    return 0;
  };
}

const send = (res: ServerResponse, status: number, body: unknown, headers = {}) =>
  res
    .writeHead(status, { 'content-type': 'application/json; odata.metadata=minimal', ...headers })
    .end(JSON.stringify(body));
const odataError = (res: ServerResponse, status: number, message: string) =>
  send(res, status, { error: { code: String(status), message } });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startResoFixture(opts: { maxPageSize?: number } = {}): Promise<ResoFixture> {
  const tokens = new Set<string>();
  const fixture = {
    clientId: 'lantern-replica',
    clientSecret: `s3cret-${randomBytes(12).toString('hex')}`,
    records: [] as ResoRecord[],
    maxPageSize: opts.maxPageSize ?? 1000,
    tokenRequests: 0,
    requests: [] as ResoFixture['requests'],
    script: new Map<number, ScriptedAnswer>(),
    before: new Map<number, () => void>(),
    expireTokens: () => tokens.clear(),
  };

  async function token(req: IncomingMessage, res: ServerResponse) {
    fixture.tokenRequests++;
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') !== 'client_credentials')
      return send(res, 400, { error: 'unsupported_grant_type' });
    if (
      form.get('client_id') !== fixture.clientId ||
      form.get('client_secret') !== fixture.clientSecret
    )
      return send(res, 401, {
        error: 'invalid_client',
        error_description: 'Client authentication failed.',
      });
    const value = randomBytes(16).toString('hex');
    tokens.add(value);
    send(res, 200, { access_token: value, token_type: 'Bearer', expires_in: 3600 });
  }

  function property(req: IncomingMessage, res: ServerResponse, base: string) {
    fixture.requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const n = fixture.requests.length;
    fixture.before.get(n)?.();
    const scripted = fixture.script.get(n);
    if (scripted?.destroy) return req.socket.destroy();
    if (scripted) return send(res, scripted.status, scripted.body ?? '', scripted.headers);
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer))
      return odataError(res, 401, 'The access token is invalid or expired.');
    const q = new URL(req.url ?? '', base).searchParams;
    let rows = fixture.records;
    try {
      const filter = q.get('$filter');
      if (filter) {
        const tree = parseFilter(filter);
        rows = rows.filter((r) => matches(tree, r));
      }
    } catch (err) {
      if (err instanceof ODataError) return odataError(res, 400, err.message);
      throw err;
    }
    rows = [...rows].sort(orderBy(q.get('$orderby')));
    const top = Number(q.get('$top') ?? fixture.maxPageSize);
    const skip = Number(q.get('$skip') ?? 0);
    const size = Math.min(top, fixture.maxPageSize);
    const page = rows.slice(skip, skip + size);
    const body: Record<string, unknown> = {
      '@odata.context': `${base}/$metadata#Property`,
      value: page,
    };
    if (skip + size < rows.length) {
      const next = new URLSearchParams(q);
      next.set('$skip', String(skip + size));
      body['@odata.nextLink'] = `${base}/Property?${next.toString().replaceAll('+', '%20')}`;
    }
    send(res, 200, body);
  }

  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/odata`;
    const path = new URL(req.url ?? '', base).pathname;
    if (req.method === 'POST' && path === '/oauth/token') return void token(req, res);
    if (req.method === 'GET' && path === '/odata/Property') return property(req, res, base);
    odataError(res, 404, `No resource at ${path}.`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fixture, {
    url: `http://127.0.0.1:${port}/odata`,
    tokenUrl: `http://127.0.0.1:${port}/oauth/token`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
