import multipart from '@fastify/multipart';
import { PHOTO_LIMITS } from '@lantern/domain';
import type { FastifyInstance } from 'fastify';

/** Files per upload request: the vendor page sends a few at a time, so a dropped one is retried alone. */
export const SHOOT_FILES_PER_REQUEST = 10;

/** Multipart for a shoot's uploads: one byte over the limit tells a file is too large. */
export async function registerShootPhotoParts(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: PHOTO_LIMITS.maxBytes + 1,
      files: SHOOT_FILES_PER_REQUEST,
      fields: 5,
      fieldSize: 1024,
    },
    throwFileSizeLimit: false,
  });
}
