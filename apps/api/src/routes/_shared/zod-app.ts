import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The app a route plugin receives, with the zod type provider: lets a route file split its
 * registration into named functions (issue 42) that keep the typed request and reply.
 */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
