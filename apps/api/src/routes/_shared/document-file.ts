import type { FastifyReply } from 'fastify';
import type { DocumentService } from '../../features/documents/documents.ts';

type DocumentFile = NonNullable<Awaited<ReturnType<DocumentService['fileOf']>>>;

/** A file as an attachment under its own name; S3 answers a short-lived link instead. */
export function sendDocumentFile(reply: FastifyReply, file: DocumentFile) {
  reply.header('cache-control', 'private, no-store');
  if ('redirect' in file) return reply.redirect(file.redirect, 302);
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `attachment; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .send(file.stream);
}
