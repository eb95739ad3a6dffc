import {
  RESO_CLIENT_TEXTS,
  ZResoClientCreatedSchema,
  ZResoClientCreateSchema,
  ZResoClientParamsSchema,
  ZResoClientRequestsSchema,
  ZResoClientSchema,
  ZResoClientsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toResoClient } from '../../../features/reso/reso-clients.ts';
import { ERRORS } from '../../_shared/replies.ts';

/**
 * Admin → Listing partners (issue 49; docs/decisions/096): the OAuth2 clients partners read the
 * RESO Web API with. The secret is answered once; revoking stops the client's tokens at once.
 */
const REQUESTS_SHOWN = 100;
const NOT_FOUND = { message: 'No such partner.' };

const resoClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { staff: ['syndication.manage' as const] };
  const origin = app.config.publicUrl.origin;

  app.get(
    '/reso-clients',
    {
      config: { access },
      schema: {
        tags: ['admin'],
        summary: 'The RESO Web API clients, newest first, with the addresses partners use',
        response: { 200: ZResoClientsSchema, ...ERRORS },
      },
    },
    async () => ({
      clients: (await app.reso.clients.list()).map((r) => toResoClient(r.client, r.createdByEmail)),
      serviceUrl: `${origin}/reso/odata`,
      tokenUrl: `${origin}/reso/oauth/token`,
    }),
  );

  app.post(
    '/reso-clients',
    {
      config: { access, audit: { action: 'reso-client.create' } },
      schema: {
        tags: ['admin'],
        summary:
          'Add a partner: its name, the resources it may read and its requests a minute; the client secret is in this answer only',
        body: ZResoClientCreateSchema,
        response: { 201: ZResoClientCreatedSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { row, clientSecret } = await app.reso.auth.create(request.body, request.user.userId);
      const client = toResoClient(row);
      // The secret is never logged: the entry records the client without it.
      request.audit({ recordType: 'reso-client', recordId: row.hash, after: client });
      return reply.code(201).send({ client, clientSecret });
    },
  );

  app.delete(
    '/reso-clients/:hash',
    {
      config: { access, audit: { action: 'reso-client.revoke' } },
      schema: {
        tags: ['admin'],
        summary: "Revoke a partner's access: its tokens stop at once; its request log stays",
        params: ZResoClientParamsSchema,
        response: { 200: ZResoClientSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const found = await app.reso.clients.byHash(request.params.hash);
      if (!found) return reply.code(404).send(NOT_FOUND);
      if (found.revokedAt)
        return reply.code(409).send({ message: RESO_CLIENT_TEXTS.alreadyRevoked });
      const revoked = await app.reso.clients.revoke(found.id);
      if (!revoked) return reply.code(409).send({ message: RESO_CLIENT_TEXTS.alreadyRevoked });
      request.audit({
        recordType: 'reso-client',
        recordId: found.hash,
        before: toResoClient(found),
        after: toResoClient(revoked),
      });
      return toResoClient(revoked);
    },
  );

  app.get(
    '/reso-clients/:hash/requests',
    {
      config: { access },
      schema: {
        tags: ['admin'],
        summary:
          "A partner's newest 100 requests (what it read, when, the status and records) and its count for the last 24 hours",
        params: ZResoClientParamsSchema,
        response: { 200: ZResoClientRequestsSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const found = await app.reso.clients.byHash(request.params.hash);
      if (!found) return reply.code(404).send(NOT_FOUND);
      const { rows, lastDay } = await app.reso.clients.requests(found.id, REQUESTS_SHOWN);
      return {
        requests: rows.map((r) => ({
          at: r.at.toISOString(),
          url: r.url,
          status: r.status,
          records: r.records,
        })),
        lastDay,
      };
    },
  );
};

export default resoClientRoutes;
