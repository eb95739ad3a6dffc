import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

type PhotoFile = { redirect: string } | { stream: Readable };

/** A photo's bytes never change (a new upload is a new photo), so the browser may keep it a day. */
const A_DAY = 'private, max-age=86400';

/**
 * A photo's size or original, as the routes that serve photos send it: a signed link is followed
 * at once (S3); an original downloads under its file name; a size is a JPEG.
 */
export function sendPhotoFile(
  reply: FastifyReply,
  photo: { contentType: string; fileName: string },
  file: PhotoFile,
  size: 'thumb' | 'web' | 'original',
) {
  if (size !== 'original' || 'redirect' in file) return sendPhotoSize(reply, file);
  return reply
    .header('content-type', photo.contentType)
    .header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(photo.fileName)}`,
    )
    .header('cache-control', A_DAY)
    .send(file.stream);
}

/** A thumb or web size of a photo: a JPEG, or the signed link followed at once (S3). */
export function sendPhotoSize(reply: FastifyReply, file: PhotoFile) {
  if ('redirect' in file)
    return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
  return reply
    .header('content-type', 'image/jpeg')
    .header('cache-control', A_DAY)
    .send(file.stream);
}
