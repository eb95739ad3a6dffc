import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Issue 26: the image and the compose file. Docker cannot run on these machines, so the files are
 * linted (dockerfile-utils, the Docker language server's checker) and their promises checked:
 * production dependencies only, a non-root user, a health check, the command the process tests
 * run, and a compose topology whose parts point at each other.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

/** The instructions of the last stage (the image that runs), joined across line continuations. */
function runtimeStage(text: string): string[] {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const from = lines.map((l, i) => (l.startsWith('FROM ') ? i : -1)).filter((i) => i >= 0);
  return lines.slice(from.at(-1));
}

describe('Dockerfile', () => {
  const stage = runtimeStage(dockerfile);
  const instruction = (name: string) => stage.filter((l) => l.startsWith(`${name} `));

  it('has no lint findings', () => {
    expect(validate(dockerfile).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds in one stage and runs Node 24 in another, on production dependencies only', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(stage[0]).toMatch(/^FROM node:24-/);
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile --prod/);
    expect(instruction('RUN').join(' ')).not.toMatch(/pnpm install/);
  });

  it('carries what the on-demand public pages import at run time', () => {
    // apps/web/dist/server resolves astro, react and the rest from apps/web/node_modules.
    expect(dockerfile).toMatch(
      /--prod --filter "@lantern\/api\.\.\." --filter "@lantern\/web\.\.\."/,
    );
    expect(instruction('COPY')).toEqual(
      expect.arrayContaining([
        'COPY --from=build /src/apps/web/node_modules ./apps/web/node_modules',
        'COPY --from=build /src/apps/web/dist ./apps/web/dist',
      ]),
    );
  });

  it('runs as a user other than root, with a health check on /api/health', () => {
    expect(instruction('USER').at(-1)).toBe('USER node');
    expect(instruction('HEALTHCHECK').join(' ')).toContain('/api/health');
  });

  it('starts the server the way the process tests start it', () => {
    expect(instruction('CMD')).toEqual(['CMD ["node", "apps/api/src/server.ts"]']);
    expect(instruction('ENV').join(' ')).toMatch(/NODE_ENV=production/);
  });

  it('sends neither dependencies, build output nor the repository history to the build', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/dist', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('infra/compose.yaml', () => {
  const compose = parse(readFileSync(join(ROOT, 'infra', 'compose.yaml'), 'utf8'), {
    merge: true,
  }) as { services: Record<string, Record<string, unknown>> };
  const services = compose.services;

  it('has PostgreSQL, an S3-compatible store, two instances of the image and Caddy', () => {
    expect(Object.keys(services).sort()).toEqual([
      'app1',
      'app2',
      'caddy',
      'minio',
      'minio-bucket',
      'postgres',
    ]);
  });

  it('gives both instances the one file store, published through Caddy under the bucket', () => {
    const env = services.app1?.environment as Record<string, string>;
    const caddy = (services.caddy as { environment: Record<string, string> }).environment;
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(caddy.LANTERN_FILES_UPSTREAM).toBe('minio:9000');
    expect(caddy.LANTERN_FILES_BUCKET).toBe(env.S3_BUCKET);
    expect(env.S3_PUBLIC_ENDPOINT).toBe(env.PUBLIC_URL);
    const bucket = services['minio-bucket'] as { entrypoint: string[] };
    expect(bucket.entrypoint.at(-1)).toBe(`store/${env.S3_BUCKET}`);
    expect(services.app1?.depends_on).toMatchObject({
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
  });

  it('gives both instances the same database, secret and address, behind the proxy', () => {
    const envs = ['app1', 'app2'].map((n) => services[n]?.environment as Record<string, string>);
    expect(envs[0]).toEqual(envs[1]);
    expect(envs[0]?.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(envs[0]?.TRUST_PROXY).toBe('true');
    expect(envs[0]?.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    for (const n of ['app1', 'app2']) {
      expect(services[n]?.build).toMatchObject({ context: '..', dockerfile: 'Dockerfile' });
    }
  });

  it('points Caddy at both instances on the image’s port, with the tested Caddyfile', () => {
    const caddy = services.caddy as { environment: Record<string, string>; volumes: string[] };
    const port = /PORT=(\d+)/.exec(dockerfile)?.[1];
    expect(caddy.environment.LANTERN_UPSTREAMS).toBe(`app1:${port} app2:${port}`);
    const mounted = caddy.volumes.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'));
    expect(mounted).toBe('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(existsSync(join(ROOT, 'infra', 'Caddyfile'))).toBe(true);
  });
});
