import {
  ACTOR_KINDS,
  type TActivityRow,
  type TActorKind,
  ZActivityEntrySchema,
  ZActivityIdParamsSchema,
  ZActivityPageSchema,
  ZActivityQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvFileName, csvStream } from '../../../lib/csv-stream.ts';
import { ERRORS, notFound, page } from '../../_shared/replies.ts';

const actorKind = (k: string): TActorKind =>
  (ACTOR_KINDS as readonly string[]).includes(k) ? (k as TActorKind) : 'visitor';

function toRow(r: {
  id: number;
  createdAt: Date;
  actorKind: string;
  actorEmail: string | null;
  actorRole: string | null;
  ip: string | null;
  method: string;
  url: string;
  action: string;
  recordType: string | null;
  recordId: string | null;
  status: number;
}): TActivityRow {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    actorKind: actorKind(r.actorKind),
    actorEmail: r.actorEmail,
    actorRole: r.actorRole,
    ip: r.ip,
    method: r.method,
    url: r.url,
    action: r.action,
    recordType: r.recordType,
    recordId: r.recordId,
    status: r.status,
  };
}

/** The Activity Log page (issue 15): who changed what, searchable by staff. */
const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activity',
    {
      config: { access: { staff: ['activity.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'Activity log entries, newest first, with search and filters',
        querystring: ZActivityQuerySchema,
        response: { 200: ZActivityPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.auditLog.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toRow), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/activity/export.csv',
    {
      config: {
        access: { staff: ['activity.view', 'data.export'] },
        audit: { action: 'activity.export', reads: true },
      },
      schema: {
        tags: ['admin'],
        summary: 'The same entries as CSV, streamed in batches of 1,000 rows',
        querystring: ZActivityQuerySchema.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) => {
      const stream = csvStream<TActivityRow>({
        columns: [
          { header: 'When', value: (r) => r.createdAt },
          { header: 'Who', value: (r) => r.actorEmail ?? 'Visitor' },
          { header: 'As', value: (r) => r.actorRole ?? r.actorKind },
          { header: 'Action', value: (r) => r.action },
          { header: 'Record', value: (r) => (r.recordType ? `${r.recordType}:${r.recordId}` : '') },
          { header: 'URL', value: (r) => r.url },
          { header: 'IP', value: (r) => r.ip },
        ],
        fetchPage: async (cursor) => {
          const result = await app.auditLog.page({ ...request.query, limit: 1000, cursor });
          return { rows: result.rows.map(toRow), nextCursor: result.nextCursor };
        },
        onError: (err) => request.log.error({ err }, 'activity export failed'),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('activity')}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/activity/:id',
    {
      config: { access: { staff: ['activity.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'One entry with what the record looked like before and after',
        params: ZActivityIdParamsSchema,
        response: { 200: ZActivityEntrySchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await app.auditLog.byId(request.params.id);
      if (!row) return notFound(reply);
      return { ...toRow(row), userAgent: row.userAgent, before: row.before, after: row.after };
    },
  );
};

export default activityRoutes;
