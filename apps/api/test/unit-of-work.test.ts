import { auditLog, jobs, messages, propertyInvitations } from '@lantern/db';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { refuseRows } from './helpers/db-faults.ts';

/**
 * Issue 40, items 1 and 2 (docs/decisions/068-unit-of-work.md): a change and its activity row
 * commit together, and work that follows a commit cannot turn a committed change into an error.
 */
let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'uow');
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: alice.cookie }, payload });

describe('a change and its activity row', () => {
  it('roll back together: a message whose row cannot be written is not sent', async () => {
    const home = await addProperty(t.app, alice.userId);
    const allow = await refuseRows(t.app.db, "new.url = '/api/messages'");
    try {
      const res = await post('/api/messages', { property: home.hash, body: 'Is it still open?' });
      expect(res.statusCode).toBe(500);
    } finally {
      await allow();
    }
    const sent = await t.app.db
      .select()
      .from(messages)
      .where(eq(messages.body, 'Is it still open?'));
    expect(sent).toEqual([]);

    // With the log writable again the same message goes, with its row.
    const again = await post('/api/messages', { property: home.hash, body: 'Is it still open?' });
    expect(again.statusCode).toBe(201);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.url, '/api/messages'), eq(auditLog.actorId, alice.userId)));
    expect(rows).toHaveLength(1);
  });
});

describe('work after the commit', () => {
  it('a fault in it still answers the committed change as a success', async () => {
    const home = await addProperty(t.app, alice.userId, 'seller', { street: '9 Commit Way' });
    // The invitation mail is stored with the invitation; its first attempt follows the commit.
    // Claiming that job fails here, as it would while the database restarts.
    const allow = await refuseRows(t.app.db, "new.kind = 'mail.send'", {
      table: 'jobs',
      op: 'update',
    });
    let status: number;
    try {
      const res = await post('/api/dashboard/participants/invitations', {
        property: home.hash,
        email: 'co-owner@example.com',
        role: 'seller',
        canEdit: true,
      });
      status = res.statusCode;
    } finally {
      await allow();
    }
    expect(status).toBe(201);
    const [invitation] = await t.app.db
      .select()
      .from(propertyInvitations)
      .where(eq(propertyInvitations.email, 'co-owner@example.com'));
    expect(invitation).toBeDefined();
    // The mail waits in the outbox for the runner's next pass.
    const queued = await t.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail.send'), like(sql`${jobs.payload}->>'to'`, 'co-owner@%')));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.status).toBe('pending');
  });
});
