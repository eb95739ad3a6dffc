import {
  PORTAL_FEED_TEXTS,
  ZPortalFeedCreatedSchema,
  ZPortalFeedCreateSchema,
  ZPortalFeedParamsSchema,
  ZPortalFeedSchema,
  ZPortalFeedsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPortalFeed } from '../../../features/portal-feeds/portal-feeds.ts';
import { ERRORS } from '../../_shared/replies.ts';

/**
 * Admin → Portal feeds (issue 49; docs/decisions/098): the secret addresses portals fetch our
 * listing feed at. An address is answered once, when made or rotated; rotating stops the old
 * one at once, and revoking stops the feed for good (its row stays, with its last fetch).
 */
const NOT_FOUND = { message: PORTAL_FEED_TEXTS.notFound };
const REVOKED = { message: PORTAL_FEED_TEXTS.alreadyRevoked };

const portalFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { staff: ['syndication.manage' as const] };
  const { repo, service } = app.portalFeeds;

  app.get(
    '/portal-feeds',
    {
      config: { access },
      schema: {
        tags: ['admin'],
        summary:
          'The portal feeds, newest first: when each was made, rotated and last fetched, and its opt-outs',
        response: { 200: ZPortalFeedsSchema, ...ERRORS },
      },
    },
    async () => ({
      feeds: (await repo.list()).map((r) => toPortalFeed(r.feed, r.createdByEmail, r.optOuts ?? 0)),
    }),
  );

  app.post(
    '/portal-feeds',
    {
      config: { access, audit: { action: 'portal-feed.create' } },
      schema: {
        tags: ['admin'],
        summary: "Add a portal's feed; its secret address is in this answer only",
        body: ZPortalFeedCreateSchema,
        response: { 201: ZPortalFeedCreatedSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { row, url } = await service.create(request.body.name, request.user.userId);
      const feed = toPortalFeed(row);
      // The address is a secret: the entry records the feed without it.
      request.audit({ recordType: 'portal-feed', recordId: row.hash, after: feed });
      return reply.code(201).send({ feed, url });
    },
  );

  app.post(
    '/portal-feeds/:hash/rotate',
    {
      config: { access, audit: { action: 'portal-feed.rotate' } },
      schema: {
        tags: ['admin'],
        summary: 'Give a feed a new secret address (in this answer only); the old one stops now',
        params: ZPortalFeedParamsSchema,
        response: { 200: ZPortalFeedCreatedSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const found = await repo.byHash(request.params.hash);
      if (!found) return reply.code(404).send(NOT_FOUND);
      const rotated = found.revokedAt ? undefined : await service.rotate(found);
      if (!rotated) return reply.code(409).send(REVOKED);
      const feed = toPortalFeed(rotated.row);
      request.audit({
        recordType: 'portal-feed',
        recordId: found.hash,
        before: toPortalFeed(found),
        after: feed,
      });
      return { feed, url: rotated.url };
    },
  );

  app.delete(
    '/portal-feeds/:hash',
    {
      config: { access, audit: { action: 'portal-feed.revoke' } },
      schema: {
        tags: ['admin'],
        summary: "Revoke a portal's feed: its address stops for good; the row stays",
        params: ZPortalFeedParamsSchema,
        response: { 200: ZPortalFeedSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const found = await repo.byHash(request.params.hash);
      if (!found) return reply.code(404).send(NOT_FOUND);
      const revoked = found.revokedAt ? undefined : await repo.revoke(found.id);
      if (!revoked) return reply.code(409).send(REVOKED);
      request.audit({
        recordType: 'portal-feed',
        recordId: found.hash,
        before: toPortalFeed(found),
        after: toPortalFeed(revoked),
      });
      return toPortalFeed(revoked);
    },
  );
};

export default portalFeedRoutes;
