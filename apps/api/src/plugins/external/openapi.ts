import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../lib/api-version.ts';
import { type OpenApiDocument, publicDocument } from '../../services/api-tokens/openapi-v1.ts';
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
    // The public API (issue 25): the routes /api/v1 reaches, with their scopes and Bearer auth.
    let v1: ReturnType<typeof publicDocument> | undefined;
    app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => {
      v1 ??= publicDocument(
        app.swagger() as unknown as OpenApiDocument,
        app.apiTokens.routes,
        app.config.siteName,
      );
      return v1;
    });
  },
  { name: 'openapi' },
);
