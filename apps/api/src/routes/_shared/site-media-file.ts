import type { SiteMediaRow } from '@lantern/db';
import type { TSiteMediaSizeName } from '@lantern/domain';
import type { FastifyReply } from 'fastify';
import { notFound } from './replies.ts';
import type { ZodApp } from './zod-app.ts';

/** A size of a photo: a redirect to a signed link (S3) or the bytes (local), else 404. */
export async function sendSiteMediaFile(
  app: ZodApp,
  reply: FastifyReply,
  row: SiteMediaRow | undefined,
  size: TSiteMediaSizeName,
  cacheControl: string,
) {
  const file = row ? await app.siteMedia.file(row, size) : null;
  if (!file) return notFound(reply);
  if ('redirect' in file) {
    return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
  }
  return reply
    .header('content-type', 'image/jpeg')
    .header('cache-control', cacheControl)
    .send(file.stream);
}
