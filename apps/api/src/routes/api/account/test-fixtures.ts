import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES, ZErrorResponseSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Test-only (TEST_FIXTURES=true, refused in production): the newest text written by the
 * development text adapter to the signed-in user's own number (verified or waiting), so browser
 * tests can read a texted code. Nothing else is readable through it.
 */
const testTexts: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.testFixtures || app.texts.kind !== 'file') return;
  app.get(
    '/test-fixtures/last-text',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ to: z.string(), body: z.string() }),
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { phone, pendingPhone } = await app.phones.status(request.user.userId);
      const mine = new Set([phone, pendingPhone].filter(Boolean));
      const dir = join(app.config.dataDir, 'texts');
      const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
      for (const file of files) {
        const raw = await readFile(join(dir, file), 'utf8');
        const [head = '', ...rest] = raw.split('\n\n');
        const to = head.replace(/^To: /, '');
        if (mine.has(to)) return { to, body: rest.join('\n\n').trim() };
      }
      return reply.code(404).send({ message: MESSAGES.notFound });
    },
  );
};

export default testTexts;
