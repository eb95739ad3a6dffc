import multipart from '@fastify/multipart';
import { PHOTO_LIMITS, WORK_ORDER_MAX_PHOTOS } from '@lantern/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingFile } from '../../features/photos/photos.ts';

/** Multipart for the proof photo uploads: one byte over the limit tells a file is too large. */
export async function registerProofPhotoParts(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: PHOTO_LIMITS.maxBytes + 1,
      files: WORK_ORDER_MAX_PHOTOS * 2,
      fields: 5,
      fieldSize: 1024,
    },
    throwFileSizeLimit: false,
  });
}

/** The file parts of the request, as they arrive. */
export async function* fileParts(request: FastifyRequest): AsyncGenerator<IncomingFile> {
  for await (const part of request.parts()) {
    if (part.type === 'file') yield { filename: part.filename, file: part.file };
  }
}
