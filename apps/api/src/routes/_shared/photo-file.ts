import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A photo's size or original, as the routes that serve photos send it: a signed link is followed
 * at once (S3); an original downloads under its file name; a size is a JPEG. A photo's bytes
 * never change (a new upload is a new photo), so the browser may keep it a day.
 */
export function sendPhotoFile(
  reply: FastifyReply,
  photo: { contentType: string; fileName: string },
  file: { redirect: string } | { stream: Readable },
  size: 'thumb' | 'web' | 'original',
) {
  if ('redirect' in file)
    return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
  if (size === 'original')
    reply
      .header('content-type', photo.contentType)
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(photo.fileName)}`,
      );
  else reply.header('content-type', 'image/jpeg');
  return reply.header('cache-control', 'private, max-age=86400').send(file.stream);
}
