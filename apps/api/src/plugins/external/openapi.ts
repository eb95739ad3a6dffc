import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  fiveMinuteStart,
  type OpenApiDocument,
  publicDocument,
} from '../../features/api-tokens/openapi-v1.ts';
import { webhookOpenApi } from '../../features/webhooks/openapi.ts';
import { API_PREFIX } from '../../lib/api-version.ts';

/** The documents the reference at /api/docs offers, by the names its picker shows. */
export const API_DOCS_NAMES = {
  v1: 'Public API (/api/v1, tokens)',
  browser: 'Browser API (/api, the site itself)',
} as const;

/**
 * OpenAPI generated from the zod route schemas: /api/openapi.json (the browser's) and
 * /api/v1/openapi.json (the public API's), both readable in the reference at /api/docs.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        // 3.1 for `webhooks` (issue 25): the events we POST to customers' endpoints.
        openapi: '3.1.0',
        info: {
          title: `${app.config.siteName} API`,
          version: '1.0.0',
          description: [
            'The JSON API of the site. In the browser it works with the session cookie (state-changing requests need `X-Requested-With: XMLHttpRequest` and a same-origin `Origin`); scripts and other programs use the public API under `/api/v1` with a personal access token.',
            '',
            ...fiveMinuteStart(),
          ].join('\n'),
        },
        servers: [{ url: app.config.publicUrl.origin }],
        webhooks: webhookOpenApi(app.config.siteName),
      },
      transform: jsonSchemaTransform,
      // Schemas named with `.meta({ id })` are referenced by the routes: list them in components.
      transformObject: jsonSchemaTransformObject,
    });
    // One reference, two documents (issue 48): the public API first, the browser's a choice away.
    // Swagger UI reads `urls.primaryName` as a dotted key, which the plugin's type does not name.
    const uiConfig = {
      urls: [
        { url: `${API_PREFIX}/openapi.json`, name: API_DOCS_NAMES.v1 },
        { url: '/api/openapi.json', name: API_DOCS_NAMES.browser },
      ],
      'urls.primaryName': API_DOCS_NAMES.v1,
    };
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig,
    });
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
