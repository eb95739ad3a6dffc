import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How dynamic answers are compressed (decision 087). @fastify/compress compresses an answer in
 * one synchronous call only below a size it derives from the host's cores (8 KB on two), and
 * through a zlib stream on the thread pool above it. Under load, a stream per answer cost a
 * 10 KB staff list about 7 ms of CPU (an encoder, its buffers and thread hand-offs each time)
 * against 0.3–0.5 ms compressed in one go, so every answer under 64 KB is compressed in one
 * call. Brotli keeps quality 4 (the plugin's and Cloudflare's default) with a 256 KB window
 * instead of 4 MB: an answer this small never reaches back further, and the encoder allocates
 * less. Static files are compressed at build time (lib/build-files.ts) and pages when kept
 * (features/public-site/page-encoding.ts); neither passes through here.
 */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  threshold: 1024,
  syncThreshold: 64 * 1024,
  brotliOptions: {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
    },
  },
};
