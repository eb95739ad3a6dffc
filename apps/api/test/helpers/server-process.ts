import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { freePort } from './private-postgres.ts';

/** What a browser page of ours is served from, as the instances are told (`PUBLIC_URL`). */
export const ORIGIN = 'http://localhost:3000';

/** A real server process (`src/server.ts`), started as production starts it. */
export interface Instance {
  base: string;
  port: number;
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Start `src/server.ts` in its own process on a free port, on PostgreSQL when `url` is given or
 * PGlite in `dataDir`, and wait until /api/health answers 200.
 */
export async function startInstance(
  url: string | undefined,
  dataDir: string,
  env: Record<string, string> = {},
  /** A fixed port (a restart behind a proxy that knows the old one); a free one otherwise. */
  fixedPort?: number,
): Promise<Instance> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', '..', 'src', 'server.ts')],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        ...(url ? { DATABASE_URL: url } : {}),
        DATA_DIR: dataDir,
        PUBLIC_URL: ORIGIN,
        SESSION_SECRET: 'process-test-secret-process-test-secret',
        LOG_LEVEL: 'warn',
        TEST_FIXTURES: 'true',
        DISABLE_RATE_LIMITS: 'true',
        JOBS_POLL_SECONDS: '0',
        WEB_DIST: join(dataDir, 'no-web'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const instance = { base: `http://127.0.0.1:${port}`, port, child, output, exited };
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`instance exited:\n${output.join('')}`);
    return (await health(instance)) === 200;
  }, 120_000);
  return instance;
}

export function browserHeaders(cookie?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    origin: ORIGIN,
    ...(cookie ? { cookie } : {}),
  };
}

export async function health(instance: Pick<Instance, 'base'>): Promise<number> {
  try {
    return (await fetch(`${instance.base}/api/health`)).status;
  } catch {
    return 0;
  }
}

export async function get(instance: Pick<Instance, 'base'>, path: string, cookie: string) {
  return fetch(`${instance.base}${path}`, { headers: { cookie } });
}

let signUps = 0;
/** A new account's session cookie (`name=value`). */
export async function signUp(instance: Pick<Instance, 'base'>): Promise<string> {
  const res = await fetch(`${instance.base}/account/sign-up`, {
    method: 'POST',
    headers: browserHeaders(),
    body: JSON.stringify({
      email: `process.${Date.now()}.${process.pid}.${signUps++}@example.com`,
      password: 'process test passphrase',
    }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lantern_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] as string;
}

/** A property owned by the cookie's user, through the test-fixture route; its hash. */
export async function createProperty(
  instance: Pick<Instance, 'base'>,
  cookie: string,
): Promise<string> {
  const res = await fetch(`${instance.base}/api/dashboard/test-fixtures/properties`, {
    method: 'POST',
    headers: browserHeaders(cookie),
    body: JSON.stringify({
      street: '12 Fault Line Rd',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      role: 'seller',
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { hash: string }).hash;
}

/** Post a message; its HTTP status, or 0 when no answer came. */
export async function postMessage(
  instance: Pick<Instance, 'base'>,
  cookie: string,
  property: string,
  body: string,
): Promise<number> {
  try {
    const res = await fetch(`${instance.base}/api/messages`, {
      method: 'POST',
      headers: browserHeaders(cookie),
      body: JSON.stringify({ property, body }),
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('timed out waiting');
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
