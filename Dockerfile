# syntax=docker/dockerfile:1
# Lantern's image: one stateless instance (infra/README.md). Build from the repository root:
#   docker build -t lantern .

# --- build: the whole workspace, the public site and the SPA -------------------------------
FROM node:24-bookworm-slim AS build
ENV CI=true TURBO_TELEMETRY_DISABLED=1
RUN npm install --global pnpm@10
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
# Keep only what the server runs: production dependencies of the API, of the public site's
# on-demand pages (Astro renders them in the server process from apps/web/dist/server) and of
# their packages.
RUN find . -name node_modules -type d -prune -exec rm -rf {} + \
    && pnpm install --frozen-lockfile --prod --filter "@lantern/api..." --filter "@lantern/web..."

# --- run: Node 24 runs the TypeScript sources as they are, no build output of the API --------
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# sharp (photo sizes) allocates on worker threads; glibc gives each its own arena and keeps what
# they freed. Two arenas hold the photo job to a fraction of that (docs/decisions/031, "Photos").
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /src/package.json /src/pnpm-workspace.yaml ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/packages ./packages
COPY --from=build /src/apps/api ./apps/api
COPY --from=build /src/apps/web/package.json ./apps/web/package.json
COPY --from=build /src/apps/web/node_modules ./apps/web/node_modules
COPY --from=build /src/apps/web/dist ./apps/web/dist
COPY --from=build /src/apps/dashboard/dist ./apps/dashboard/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): it drains and exits (docs/operations.md).
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/src/server.ts"]
