import {
  ODataQueryError,
  type OrderItem,
  type ResoQuery,
  readResoQuery,
} from '../../rules/odata-query.ts';
import { fieldOf, type ResoField, type ResoResource } from '../../rules/reso-fields.ts';
import { MODIFIED_TEXT, type ResoRecordRepository } from './reso-records.repository.ts';

/**
 * Answers of the RESO Web API (issue 49): a collection with server-driven paging, a record by
 * key. Pages follow a keyset (`$skiptoken`) when the order is by fields that are never null —
 * the default, ModificationTimestamp then key, is replication's — so a listing that changes
 * while a client pages is read again later, never skipped. Another order pages by `$skip`.
 */
export const RESO_MAX_TOP = 200;

type Json = Record<string, unknown>;
export interface AnswerContext {
  /** The service root, e.g. https://example.com/reso/odata */
  serviceUrl: string;
  /** The request's query options, as given. */
  query: Record<string, string | string[] | undefined>;
}

/** The order asked for, ending with the key so every row has one place. */
function orderOf(resource: ResoResource, q: ResoQuery): OrderItem[] {
  const asked = q.orderBy.length
    ? q.orderBy
    : resource.defaultOrder.map((name) => ({
        field: fieldOf(resource, name) as ResoField,
        desc: false,
      }));
  if (asked.some((o) => o.field.name === resource.key)) return asked;
  return [...asked, { field: fieldOf(resource, resource.key) as ResoField, desc: false }];
}

const encodeToken = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

const badToken = () =>
  new ODataQueryError('The $skiptoken is not one this service gave for this query.', '$skiptoken');

function decodeToken(token: string, length: number): string[] {
  try {
    const values = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => typeof v === 'string')
    ) {
      return values as string[];
    }
  } catch {
    // answered below
  }
  throw badToken();
}

/** A row as the record a client reads: the selected fields, the timestamp to the microsecond. */
function recordOf(row: Json, fields: readonly ResoField[]): Json {
  const record: Json = {};
  for (const f of fields) {
    record[f.name] =
      f.name === 'ModificationTimestamp' ? row[MODIFIED_TEXT] : (row[f.name] ?? null);
  }
  return record;
}

const sortValue = (row: Json, field: ResoField) =>
  String(field.name === 'ModificationTimestamp' ? row[MODIFIED_TEXT] : row[field.name]);

function nextLink(
  ctx: AnswerContext,
  resource: ResoResource,
  changes: Record<string, string | null>,
) {
  const params: [string, string][] = [];
  for (const [name, value] of Object.entries(ctx.query)) {
    if (typeof value === 'string' && !(name in changes)) params.push([name, value]);
  }
  for (const [name, value] of Object.entries(changes))
    if (value !== null) params.push([name, value]);
  // Spaces as %20, never `+`; OData's option names keep their `$`.
  const query = params.map(
    ([n, v]) => `${encodeURIComponent(n).replace('%24', '$')}=${encodeURIComponent(v)}`,
  );
  return `${ctx.serviceUrl}/${resource.name}?${query.join('&')}`;
}

export function createResoService(records: ResoRecordRepository) {
  return {
    /** GET /reso/odata/{Resource}?… ; `records` is how many the answer holds (for the log). */
    async collection(resource: ResoResource, ctx: AnswerContext) {
      const q = readResoQuery(resource, ctx.query);
      const order = orderOf(resource, q);
      const keyset = order.every((o) => o.field.required);
      const after = q.skipToken && keyset ? decodeToken(q.skipToken, order.length) : null;
      if (q.skipToken && !keyset) throw badToken();
      const remaining = q.top ?? Number.POSITIVE_INFINITY;
      const size = Math.min(remaining, RESO_MAX_TOP);
      const rows =
        size === 0
          ? []
          : await records.page({
              resource,
              filter: q.filter,
              order,
              after,
              offset: after ? 0 : q.skip,
              limit: size + 1,
            });
      const page = rows.slice(0, size);
      const last = page.at(-1);
      const more = rows.length > size && remaining > size && last !== undefined;
      const fields = q.select ?? resource.fields;
      const answer: Json = {
        '@odata.context': `${ctx.serviceUrl}/$metadata#${resource.name}${q.select ? `(${fields.map((f) => f.name).join(',')})` : ''}`,
      };
      if (q.count) answer['@odata.count'] = await records.count({ resource, filter: q.filter });
      answer.value = page.map((row) => recordOf(row, fields));
      if (more) {
        const top = q.top === null ? null : String(remaining - size);
        answer['@odata.nextLink'] = keyset
          ? nextLink(ctx, resource, {
              $skiptoken: encodeToken(order.map((o) => sortValue(last, o.field))),
              $skip: null,
              $top: top,
            })
          : nextLink(ctx, resource, { $skip: String(q.skip + size), $top: top });
      }
      return { answer, records: page.length };
    },

    /** GET /reso/odata/{Resource}('key'): one record, or null. */
    async entity(resource: ResoResource, key: string, ctx: AnswerContext) {
      const q = readResoQuery(resource, ctx.query);
      if (q.filter || q.orderBy.length || q.top !== null || q.skip || q.count || q.skipToken) {
        throw new ODataQueryError('A single record takes $select only.', resource.name);
      }
      const [row] = await records.page({
        resource,
        filter: null,
        order: orderOf(resource, q),
        after: null,
        offset: 0,
        limit: 1,
        key,
      });
      if (!row) return null;
      const fields = q.select ?? resource.fields;
      return {
        '@odata.context': `${ctx.serviceUrl}/$metadata#${resource.name}/$entity`,
        ...recordOf(row, fields),
      };
    },
  };
}
export type ResoService = ReturnType<typeof createResoService>;
