import type { FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

export interface RouteEntry {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema: FastifySchema | undefined;
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as registered, for tests generated from the route definitions (hostile input
     * on every endpoint; later the access table of every admin and vendor route).
     */
    routeTable: readonly RouteEntry[];
  }
}

/** Registered first, so its onRoute hook sees every route the app adds after it. */
export default fp(
  async (app) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      table.push({
        method: route.method,
        url: route.url,
        schema: route.schema,
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    });
  },
  { name: 'route-table' },
);
