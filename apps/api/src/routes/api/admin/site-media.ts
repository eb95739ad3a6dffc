import multipart from '@fastify/multipart';
import {
  ZAdminSiteMediaListSchema,
  ZAdminSiteMediaSchema,
  ZMoveSiteMediaRequestSchema,
  ZSiteMediaFileParamsSchema,
  ZSiteMediaListQuerySchema,
  ZSiteMediaParamsSchema,
  ZUpdateSiteMediaRequestSchema,
} from '@lantern/contracts';
import type { SiteMediaRow } from '@lantern/db';
import { PHOTO_LIMITS, SITE_MEDIA_TEXTS } from '@lantern/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type SiteMediaPart, toAdminView } from '../../../features/site-media/site-media.ts';
import { ERRORS, NOT_FOUND, notFound } from '../../_shared/replies.ts';
import { sendSiteMediaFile } from '../../_shared/site-media-file.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

/** What the activity log keeps of a photo: what staff set, and which file it is. */
const audited = (r: SiteMediaRow) => ({
  kind: r.kind,
  fileName: r.fileName,
  alt: r.alt,
  caption: r.caption,
  position: r.position,
  published: r.published,
});

/** The parts of the upload as they arrive: its text fields and its file. */
async function* uploadParts(request: FastifyRequest): AsyncGenerator<SiteMediaPart> {
  for await (const part of request.parts()) {
    if (part.type === 'file') yield { type: 'file', filename: part.filename, file: part.file };
    else yield { type: 'field', name: part.fieldname, value: part.value };
  }
}

/**
 * Admin → Site media (issue 45; docs/decisions/081-site-media.md): photos staff upload for the
 * public site, e.g. the sample work on /photography. Every staff member sees them; `site.media`
 * uploads, describes, orders, publishes and deletes them. /photography reads them per request.
 */
const siteMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One byte over the limit is enough to know a file is too large; the rest is skipped.
    limits: { fileSize: PHOTO_LIMITS.maxBytes + 1, files: 2, fields: 5, fieldSize: 2048 },
    throwFileSizeLimit: false,
  });
  registerReads(app);
  registerUpload(app);
  registerEdits(app);
};

function registerReads(app: ZodApp) {
  app.get(
    '/site-media',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary: 'The site media of a kind in order, published or not',
        querystring: ZSiteMediaListQuerySchema,
        response: { 200: ZAdminSiteMediaListSchema, ...ERRORS },
      },
    },
    async (request) => ({
      photos: (await app.siteMedia.list(request.query.kind)).map(toAdminView),
      canEdit: app.access.can(request.access, 'site.media'),
    }),
  );

  app.get(
    '/site-media/:hash/:size',
    {
      config: { access: { staff: [] } },
      schema: {
        response: NOT_FOUND,
        tags: ['admin'],
        summary: 'One size of a site media photo (JPEG, no metadata), published or not',
        params: ZSiteMediaFileParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await app.siteMedia.find(request.params.hash);
      return sendSiteMediaFile(app, reply, row, request.params.size, 'private, max-age=300');
    },
  );
}

function registerUpload(app: ZodApp) {
  app.post(
    '/site-media',
    {
      config: {
        access: { staff: ['site.media'] },
        audit: { action: 'site-media.upload', outside: true },
      },
      schema: {
        tags: ['admin'],
        summary:
          'Upload one photo (multipart: `alt`, optional `caption` and `kind` fields and one `file` part; JPEG, PNG or HEIC, at most 15 MB, at least 1024 × 768); added unpublished at the end',
        response: { 201: ZAdminSiteMediaSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        const message = SITE_MEDIA_TEXTS.noFile;
        return reply.code(422).send({ message, errors: { file: [message] } });
      }
      const outcome = await app.siteMedia.upload(
        request.user.userId,
        uploadParts(request),
        request.commit,
        (row) =>
          request.audit({ recordType: 'site-media', recordId: row.hash, after: audited(row) }),
      );
      if (!outcome.ok) {
        return reply
          .code(outcome.status)
          .send({ message: outcome.message, errors: outcome.errors });
      }
      return reply.code(201).send(toAdminView(outcome.row));
    },
  );
}

function registerEdits(app: ZodApp) {
  app.put(
    '/site-media/:hash',
    {
      config: { access: { staff: ['site.media'] }, audit: { action: 'site-media.update' } },
      schema: {
        tags: ['admin'],
        summary: "Change a photo's alt text or caption, or publish or unpublish it",
        params: ZSiteMediaParamsSchema,
        body: ZUpdateSiteMediaRequestSchema,
        response: { 200: ZAdminSiteMediaSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const changed = await app.siteMedia.update(request.params.hash, request.body);
      if (!changed) return notFound(reply);
      request.audit({
        recordType: 'site-media',
        recordId: request.params.hash,
        before: audited(changed.before),
        after: audited(changed.after),
      });
      return toAdminView(changed.after);
    },
  );

  app.post(
    '/site-media/:hash/move',
    {
      config: { access: { staff: ['site.media'] }, audit: { action: 'site-media.move' } },
      schema: {
        tags: ['admin'],
        summary: 'Move a photo one place earlier (up) or later (down) in its order',
        params: ZSiteMediaParamsSchema,
        body: ZMoveSiteMediaRequestSchema,
        response: { 200: ZAdminSiteMediaListSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await app.siteMedia.find(request.params.hash);
      const moved = row && (await app.siteMedia.move(row.hash, request.body.direction));
      if (!row || !moved) return notFound(reply);
      request.audit({
        recordType: 'site-media',
        recordId: row.hash,
        before: { position: moved.from },
        after: { position: moved.to },
      });
      return {
        photos: (await app.siteMedia.list(row.kind)).map(toAdminView),
        canEdit: true,
      };
    },
  );

  app.delete(
    '/site-media/:hash',
    {
      config: { access: { staff: ['site.media'] }, audit: { action: 'site-media.delete' } },
      schema: {
        tags: ['admin'],
        summary: 'Delete a photo and its stored files',
        params: ZSiteMediaParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await app.siteMedia.remove(request.params.hash);
      if (!row) return notFound(reply);
      request.audit({ recordType: 'site-media', recordId: row.hash, before: audited(row) });
      return reply.code(204).send(null);
    },
  );
}

export default siteMediaRoutes;
