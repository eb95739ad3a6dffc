import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { webhookOpenApi } from '../../services/webhooks/openapi.ts';

/** OpenAPI generated from the zod route schemas: /api/openapi.json, with a reference at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        // 3.1 for `webhooks` (issue 25): the events we POST to customers' endpoints.
        openapi: '3.1.0',
        info: {
          title: `${app.config.siteName} API`,
          version: '1.0.0',
          description:
            'Cookie-authenticated JSON API. State-changing requests need `X-Requested-With: XMLHttpRequest` and a same-origin `Origin`.',
        },
        servers: [{ url: app.config.publicUrl.origin }],
        webhooks: webhookOpenApi(app.config.siteName),
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
