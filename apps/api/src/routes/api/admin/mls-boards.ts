import {
  MLS_TEXTS,
  type TAdminMlsBoard,
  ZAdminMlsBoardSchema,
  ZAdminMlsBoardSlugParamsSchema,
  ZAdminMlsBoardsPageSchema,
  ZAdminMlsBoardsQuerySchema,
  ZCreateMlsBoardRequestSchema,
  ZUpdateMlsBoardRequestSchema,
} from '@lantern/contracts';
import type { MlsBoard } from '@lantern/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, page } from '../../_shared/replies.ts';

const toBoard = (b: MlsBoard): TAdminMlsBoard => ({
  slug: b.slug,
  name: b.name,
  shortName: b.shortName,
  states: b.states,
  counties: b.counties,
  region: b.region,
  website: b.website,
  sourceName: b.sourceName,
  sourceUrl: b.sourceUrl,
  notes: b.notes,
  listingFeeCents: b.listingFeeCents,
  rules: b.rules,
  updatedAt: b.updatedAt.toISOString(),
});

/** What the activity log keeps of a board: everything staff set. */
const audited = (b: MlsBoard) => {
  const { updatedAt: _u, ...fields } = toBoard(b);
  return fields;
};

/**
 * MLS/AOR (issue 20; docs/decisions/028): the boards and associations of the public /mls pages
 * and of local MLS listing. Every staff member reads them; `mls.manage` adds and changes them.
 * A save changes services-for-property and the public /mls and city pages at once: both read this
 * table on each request.
 */
const mlsBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mls-boards',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary: 'MLSs and boards of realtors by name; search by name, short name, slug or state',
        querystring: ZAdminMlsBoardsQuerySchema,
        response: { 200: ZAdminMlsBoardsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.mlsBoards.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map((r) => toBoard(r.board)), nextCursor: result.nextCursor };
    },
  );

  app.post(
    '/mls-boards',
    {
      config: { access: { staff: ['mls.manage'] }, audit: { action: 'mls-board.create' } },
      schema: {
        tags: ['admin'],
        summary: 'Add an MLS or board of realtors; its public page is /mls/{slug}',
        body: ZCreateMlsBoardRequestSchema,
        response: { 201: ZAdminMlsBoardSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { slug, ...fields } = request.body;
      const made = await app.mlsBoards.create(slug, fields);
      if (!made)
        return reply
          .code(409)
          .send({ message: MLS_TEXTS.slugTaken, errors: { slug: [MLS_TEXTS.slugTaken] } });
      request.audit({ recordType: 'mls-board', recordId: slug, after: audited(made) });
      return reply.code(201).send(toBoard(made));
    },
  );

  app.put(
    '/mls-boards/:slug',
    {
      config: { access: { staff: ['mls.manage'] }, audit: { action: 'mls-board.update' } },
      schema: {
        tags: ['admin'],
        summary: "Change a board's name, states, counties, fee, rules and sources",
        params: ZAdminMlsBoardSlugParamsSchema,
        body: ZUpdateMlsBoardRequestSchema,
        response: { 200: ZAdminMlsBoardSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const changed = await app.mlsBoards.update(request.params.slug, request.body);
      if (!changed) return notFound(reply);
      request.audit({
        recordType: 'mls-board',
        recordId: request.params.slug,
        before: audited(changed.before),
        after: audited(changed.after),
      });
      return toBoard(changed.after);
    },
  );
};

export default mlsBoardRoutes;
