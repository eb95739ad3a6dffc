import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, signUpUser } from './helpers/dashboard-fixtures.ts';
import { runCommand } from './helpers/run-command.ts';

/**
 * Issue 48: @lantern/api-client as a stranger gets it. The package is built and packed, installed
 * from its tarball (and its dependencies', packed from this workspace) with npm offline into a
 * project outside the repository, typechecked there under strict NodeNext without
 * allowImportingTsExtensions (the docs' examples too), and run with Node against a listening
 * server. A new step is a `runStep` with a script that prints JSON (decision 094).
 */
const repo = join(import.meta.dirname, '../../..');
const packageDir = join(repo, 'packages/api-client');
const tsc = join(repo, 'node_modules/typescript/bin/tsc');
// Another Node to run the steps with too (e.g. NODE22=/usr/local/bin/node22); Node 24 always.
const nodes = [process.execPath, ...(process.env.NODE22 ? [process.env.NODE22] : [])];

let t: TestApp;
let base: string;
let project: string;

async function run(command: string, args: string[], cwd: string): Promise<string> {
  const result = await runCommand(command, args, { ...process.env, NO_COLOR: '1' }, cwd);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** The package directories of `name`'s runtime dependencies, found from `from`, recursively. */
async function dependencyDirs(from: string, found = new Map<string, string>()) {
  const manifest = JSON.parse(await readFile(join(from, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (found.has(name)) continue;
    const dir = dirname(createRequire(join(from, 'package.json')).resolve(`${name}/package.json`));
    found.set(name, dir);
    await dependencyDirs(dir, found);
  }
  return found;
}

/** Packs the SDK (after building it) and what it needs, and installs them offline in `dir`. */
async function installPackage(dir: string) {
  await run('pnpm', ['run', 'build'], packageDir);
  const tarballs = join(dir, 'tarballs');
  await mkdir(tarballs);
  await run('pnpm', ['pack', '--pack-destination', tarballs], packageDir);
  // @types/node (with its own dependencies) only so the examples may read process.env.
  const typesNode = dirname(
    createRequire(join(packageDir, 'package.json')).resolve('@types/node/package.json'),
  );
  const deps = await dependencyDirs(
    packageDir,
    await dependencyDirs(typesNode, new Map([['@types/node', typesNode]])),
  );
  for (const [name, depDir] of deps) {
    // pnpm's store hard-links identical files; npm packs those as links and drops them on
    // install (openapi-typescript-helpers' index.d.mts), so each package is packed from a copy.
    const copy = join(dir, 'copies', name);
    await cp(depDir, copy, { recursive: true, dereference: true });
    await run('npm', ['pack', copy, '--ignore-scripts', '--pack-destination', tarballs], dir);
  }
  // A cache of its own: a clean CI clone has no warm npm cache to lean on.
  const files = (await run('ls', [tarballs], dir)).trim().split('\n');
  await run(
    'npm',
    [
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--cache',
      join(dir, 'npm-cache'),
      ...files.map((f) => `./tarballs/${f}`),
    ],
    dir,
  );
}

async function writeProject(dir: string) {
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }),
  );
  const compilerOptions = {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2023',
    lib: ['es2023', 'dom'],
    types: ['node'],
    outDir: 'out',
    rootDir: '.',
    skipLibCheck: false,
    incremental: true,
  };
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions, include: ['examples', 'steps'] }),
  );
  await mkdir(join(dir, 'examples'));
  await mkdir(join(dir, 'steps'));
}

/** The ```ts blocks of a Markdown file that import the SDK. */
async function sdkExamples(file: string): Promise<string[]> {
  const text = await readFile(join(repo, file), 'utf8');
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.includes("from '@lantern/api-client'"));
}

/** Writes `steps/<name>.ts`, compiles the project, runs the step with each Node, and parses its JSON. */
async function runStep(name: string, source: string): Promise<unknown> {
  await writeFile(join(project, 'steps', `${name}.ts`), source);
  await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
  const outputs = [];
  for (const node of nodes) {
    const env = { ...process.env, LANTERN_URL: base };
    const result = await runCommand(node, [join('out/steps', `${name}.js`)], env, project);
    if (result.status !== 0) throw new Error(`${name} on ${node}:\n${result.stderr}`);
    outputs.push(JSON.parse(result.stdout));
  }
  // Every Node must print the same: compare, then return one.
  for (const output of outputs.slice(1)) expect(output).toEqual(outputs[0]);
  return outputs[0];
}

async function tokenFor(cookie: string, scopes: string[]): Promise<string> {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-tokens',
    headers: { ...BROWSER, cookie },
    payload: { name: 'SDK package', scopes, expiresInDays: 7 },
  });
  expect(made.statusCode).toBe(201);
  return (made.json() as { token: string }).token;
}

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'lantern-sdk-'));
  await writeProject(project);
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  await installPackage(project);
}, 300_000);
afterAll(async () => {
  await t?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

describe('@lantern/api-client from its tarball', () => {
  it('packs only dist and a manifest that points into it', async () => {
    const installed = join(project, 'node_modules/@lantern/api-client');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
    expect(manifest.exports).toEqual({
      '.': { types: './dist/index.d.ts', import: './dist/index.js' },
    });
    expect(manifest.engines.node).toBe('>=22');
    const listed = (await run('ls', ['-R', installed], project)).split('\n');
    expect(listed).toContain('schema.gen.d.ts');
    expect(listed.some((line) => line.endsWith('.ts') && !line.endsWith('.d.ts'))).toBe(false);
  });

  it('typechecks the docs’ examples under strict NodeNext', async () => {
    const examples = [
      ...(await sdkExamples('docs/api.md')),
      ...(await sdkExamples('packages/api-client/README.md')),
    ];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const [index, code] of examples.entries()) {
      await writeFile(join(project, 'examples', `example-${index}.ts`), code);
    }
    await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], project);
  });

  it('lists page by page with paginate and reads a Problem on a 404', async () => {
    const me = await signUpUser(t.app, 'sdk-package');
    const streets = ['31 Tarball Way', '32 Tarball Way', '33 Tarball Way'];
    for (const street of streets) await addProperty(t.app, me.userId, 'seller', { street });
    const token = await tokenFor(me.cookie, ['properties:read', 'orders:read']);

    const answer = await runStep(
      'list-and-404',
      `import { createLanternClient, paginate, type Problem } from '@lantern/api-client';

const client = createLanternClient({ baseUrl: process.env.LANTERN_URL ?? '', token: ${JSON.stringify(token)} });
const streets: string[] = [];
for await (const property of client.paginate('/api/v1/dashboard/user-properties', 'properties', {
  params: { query: { limit: 2 } },
})) {
  streets.push(property.streetAddress);
}
let count = 0;
for await (const _ of paginate(client, '/api/v1/dashboard/user-properties', 'properties')) count++;
const missing = await client.GET('/api/v1/dashboard/invoices/{hash}', {
  params: { path: { hash: 'no-such-invoice' } },
});
const problem: Problem | undefined = missing.error;
console.log(JSON.stringify({ streets, count, status: missing.response.status, problem }));
`,
    );
    expect(answer).toMatchObject({
      streets: streets.map((s) => expect.stringContaining(s)),
      count: 3,
      status: 404,
      problem: { code: 'not_found', status: 404 },
    });
  });

  // The "Done when": create a property, read its services, order a free one, page
  // through its orders, and receive a webhook whose signature the integration verifies.
  it('creates a property, orders a free service, pages its orders and verifies a webhook', async () => {
    const me = await signUpUser(t.app, 'sdk-integration');
    const token = await tokenFor(me.cookie, ['properties:write', 'orders:write', 'webhooks:write']);
    const answer = await runStep('integration', integrationScript(token));
    expect(answer).toMatchObject({
      street: '48 Integration Ave',
      county: expect.any(String),
      free: ['fsbo-listing'],
      verified: true,
      forged: false,
      event: 'webhook.test',
    });
    // A free order and an unpaid one, read back one per page.
    const { ordered, paged } = answer as { ordered: string[]; paged: string[] };
    expect(ordered.length).toBe(2);
    expect(paged).toEqual([...ordered].reverse());
  });
});

/** What an integration written against the installed SDK does, printing what it saw as JSON. */
function integrationScript(token: string) {
  return `import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLanternClient, type Order, type Property, type Service } from '@lantern/api-client';

const client = createLanternClient({ baseUrl: process.env.LANTERN_URL ?? '', token: ${JSON.stringify(token)} });

/** docs/api.md "Verifying a delivery", as a receiver would write it. */
function verify(header: string, rawBody: string, secret: string): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(t + '.' + rawBody).digest();
  return parts.some(([k, v]) => {
    const given = Buffer.from(k === 'v1' ? (v ?? '') : '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const created = await client.POST('/api/v1/properties', {
  body: {
    propertyLocation: 'address',
    transactionRole: 'seller',
    propertyAddress: { streetAddress: '48 Integration Ave', city: 'Springfield', state: 'IL', zipCode: '62701' },
  },
});
if (!created.data) throw new Error(JSON.stringify(created.error));
const property: Property = created.data.property;

const offered = await client.GET('/api/v1/properties/{hash}/services', {
  params: { path: { hash: property.hash } },
});
if (!offered.data) throw new Error(JSON.stringify(offered.error));
const free: Service[] = offered.data.services.filter((s) => s.priceCents === 0);
const paid = offered.data.services.find((s) => (s.priceCents ?? 0) > 0);
const ordered: string[] = [];
for (const service of [...free.slice(0, 1), ...(paid ? [paid] : [])]) {
  const placed = await client.POST('/api/v1/orders', { body: { property: property.hash, product: service.slug } });
  if (!placed.data) throw new Error(JSON.stringify(placed.error));
  ordered.push(placed.data.order.product);
}
const paged: string[] = [];
for await (const order of client.paginate('/api/v1/orders', 'orders', {
  params: { query: { property: property.hash, limit: 1 } },
})) {
  const o: Order = order;
  paged.push(o.product);
}

let deliver: (d: { header: string; body: string }) => void = () => {};
const delivered = new Promise<{ header: string; body: string }>((resolve) => { deliver = resolve; });
const receiver = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => { body += chunk; });
  req.on('end', () => {
    res.writeHead(200).end('ok');
    deliver({ header: String(req.headers['lantern-signature'] ?? ''), body });
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = (receiver.address() as AddressInfo).port;
const endpoint = await client.POST('/api/v1/webhook-endpoints', {
  body: { url: 'http://127.0.0.1:' + port + '/lantern', events: ['order.paid'], description: 'SDK test' },
});
if (!endpoint.data) throw new Error(JSON.stringify(endpoint.error));
const sent = await client.POST('/api/v1/webhook-endpoints/{hash}/test', {
  params: { path: { hash: endpoint.data.endpoint.hash } },
});
if (!sent.data) throw new Error(JSON.stringify(sent.error));
const got = await delivered;
receiver.close();
console.log(JSON.stringify({
  street: property.street,
  county: property.county,
  free: free.map((s) => s.slug),
  ordered,
  paged,
  event: (JSON.parse(got.body) as { type: string }).type,
  verified: verify(got.header, got.body, endpoint.data.secret),
  forged: verify(got.header, got.body.replace('}', ' }'), endpoint.data.secret),
}));
`;
}
