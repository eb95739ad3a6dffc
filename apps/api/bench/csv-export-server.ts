// Child process of bench/csv-export.ts: the product on a fresh database holding ROWS accounts,
// reporting its resident memory while one CSV export runs. MODE=stream uses the product's
// export route (keyset batches of 1,000 through csv-stringify); MODE=naive loads every row at
// once and answers one string, which is what the streamed export exists to avoid.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrate, staffRoles, users } from '@lantern/db';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { toUserRow } from '../src/features/staff/people.ts';

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const url = process.env.DATABASE_URL;
const schemaName = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const port = Number(process.env.PORT);

const database = await createDatabase({ url, schemaName, poolMax: 4 });
await migrate(database, schemaName);
const { config } = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-csv-bench-')),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  JOBS_WORKER: 'false',
});
const app = await buildApp({ config, database, logger: false });

app.get('/bench/naive-export', { config: { audit: false } }, async (_request, reply) => {
  const page = await app.adminUsers.page({
    sort: 'created',
    type: 'all',
    dir: 'desc',
    limit: ROWS + 10,
  });
  const rows = page.rows
    .map(toUserRow)
    .map((r) => [
      r.email,
      r.name,
      r.role?.name ?? '',
      r.vendorKinds.join('; '),
      r.properties,
      r.createdAt,
    ]);
  const body = stringify(rows, {
    header: true,
    columns: ['Email', 'Name', 'Staff role', 'Vendor kinds', 'Properties', 'Joined'],
  });
  return reply.type('text/csv; charset=utf-8').send(body);
});
await app.ready();

await app.db.execute(sql`insert into ${users} (hash, email, name, created_at)
  select md5(i::text), 'bench.' || i || '@example.com', case when i % 3 = 0 then 'Person ' || i end,
    now() - (i || ' seconds')::interval
  from generate_series(1, ${ROWS}) as i`);
const signUp = await app.inject({
  method: 'POST',
  url: '/account/sign-up',
  headers: { 'x-requested-with': 'XMLHttpRequest', origin: `http://127.0.0.1:${port}` },
  payload: { email: 'bench-owner@example.com', password: 'a long bench passphrase' },
});
const cookie = signUp.cookies.find((c) => c.name === 'lantern_session');
const [owner] = await app.db.select().from(staffRoles).where(eq(staffRoles.key, 'owner'));
const [benchOwner] = await app.db
  .update(users)
  .set({ staffRoleId: owner?.id ?? null })
  .where(eq(users.email, 'bench-owner@example.com'))
  .returning({ id: users.id });
// The sign-up cached the account as a customer; drop it so the next request sees the role.
await app.currentUser.changed(benchOwner?.id ?? 0);
await app.listen({ port, host: '127.0.0.1' });

// Settle what seeding left behind, then sample RSS every 10 ms from here on.
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 500));
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10);
const baseline = process.memoryUsage.rss();
process.send?.({ ready: true, cookie: `lantern_session=${cookie?.value}`, baseline });
process.on('message', async (msg) => {
  if (msg === 'report') {
    peak = Math.max(peak, process.memoryUsage.rss());
    process.send?.({ peak, baseline });
  }
  if (msg === 'close') {
    clearInterval(sampler);
    await app.close();
    if (database.pool && schemaName)
      await database.pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
    await database.close();
    process.exit(0);
  }
});
