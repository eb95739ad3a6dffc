import { auditLog } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp, uniqueEmail } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

let t: TestApp;
let compliance: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  // No in-process kicks: the retention test runs the job itself.
  t = await buildTestApp({ jobsWorker: false });
  compliance = await signUpUser(t.app, 'compliance');
  await giveStaffRole(t.app, compliance.userId, 'compliance');
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
});
afterAll(() => t.close());

const activity = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${ADMIN_API.activity}?${query}`,
    headers: { cookie: compliance.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().rows as Array<Record<string, unknown> & { id: number }>;
};

describe('activity log', () => {
  it('records a customer’s change with who, IP, URL and action, with the password redacted', async () => {
    const email = uniqueEmail('audited');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/account/sign-up',
      headers: { ...BROWSER, 'user-agent': 'audit-test' },
      payload: { email, password: 'a long and unusual passphrase' },
    });
    expect(signup.statusCode).toBeLessThan(400);
    const [entry] = await activity(`search=${encodeURIComponent(email)}`);
    expect(entry).toMatchObject({
      actorKind: 'customer',
      actorEmail: email,
      method: 'POST',
      url: '/account/sign-up',
      action: 'POST /account/sign-up',
      ip: '127.0.0.1',
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: ADMIN_API.activityEntry(entry?.id ?? 0),
      headers: { cookie: compliance.cookie },
    });
    expect(detail.json()).toMatchObject({
      userAgent: 'audit-test',
      after: { email, password: '[redacted]' },
    });
    // Nowhere in the stored row, in any column.
    const [raw] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, entry?.id ?? 0));
    expect(JSON.stringify(raw)).not.toContain('a long and unusual passphrase');
  });

  it('records staff changes with the record and before and after, searchable by record', async () => {
    const target = await signUpUser(t.app, 'made-support');
    await t.app.inject({
      method: 'PUT',
      url: ADMIN_API.userRole(target.hash),
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: { role: 'support' },
    });
    const rows = await activity(`record=${encodeURIComponent(`user:${target.hash}`)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorKind: 'staff', actorRole: 'owner', action: 'user.role' });
    const detail = await t.app.inject({
      method: 'GET',
      url: ADMIN_API.activityEntry(rows[0]?.id ?? 0),
      headers: { cookie: compliance.cookie },
    });
    expect(detail.json()).toMatchObject({ before: { role: null }, after: { role: 'support' } });
  });

  it('does not record refused requests or reads', async () => {
    const before = (await activity('limit=100')).length;
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: compliance.cookie } });
    await t.app.inject({
      method: 'POST',
      url: '/account/sign-up',
      headers: BROWSER,
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect((await activity('limit=100')).length).toBe(before);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE of a live entry', async () => {
    const [entry] = await activity('limit=1');
    const id = entry?.id ?? 0;
    await expect(
      t.app.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, id)),
    ).rejects.toThrow();
    await expect(t.app.db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate ${auditLog}`)).rejects.toThrow();
    const [still] = await t.app.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(still?.action).toBe(entry?.action);
  });

  it('the daily retention job removes entries older than two years and nothing younger', async () => {
    const old = new Date(Date.now() - 2 * 365.25 * 24 * 3600_000 - 7 * 24 * 3600_000);
    const recent = new Date(Date.now() - 2 * 365 * 24 * 3600_000 + 7 * 24 * 3600_000);
    const values = (createdAt: Date, action: string) => ({
      createdAt,
      actorKind: 'visitor',
      method: 'POST',
      url: '/x',
      action,
      status: 200,
    });
    await t.app.db
      .insert(auditLog)
      .values([values(old, 'too-old'), values(recent, 'young-enough')]);
    const job = await t.app.jobs.enqueue('audit.retention', {});
    expect(job).not.toBeNull();
    expect(await t.app.jobs.runDue(['audit.retention'])).toBe(1);
    const left = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.action} in ('too-old', 'young-enough')`);
    expect(left.map((r) => r.action)).toEqual(['young-enough']);
  });

  it('pages with a keyset cursor and refuses a forged one in words', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API.activity}?limit=2`,
      headers: { cookie: compliance.cookie },
    });
    const { rows, nextCursor } = first.json();
    expect(rows).toHaveLength(2);
    expect(nextCursor).toBeTruthy();
    const second = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API.activity}?limit=2&cursor=${nextCursor}`,
      headers: { cookie: compliance.cookie },
    });
    expect(second.json().rows[0].id).toBeLessThan(rows[1].id);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API.activity}?cursor=nonsense`,
      headers: { cookie: compliance.cookie },
    });
    expect(forged.statusCode).toBe(422);
  });
});
