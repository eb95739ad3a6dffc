import { randomBytes } from 'node:crypto';
import { BUILT_IN_ROLES } from '@lantern/contracts';
import { createDatabase, type Database, migrate, vendorKind } from '@lantern/db';
import { VENDOR_KIND_KEYS } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, rows } from './helpers/migrate-up-to.ts';

describe('migration 0007: admin flag to owner role, vendor flag to a kind, mail onto jobs', () => {
  let database: Database;
  const url = process.env.DATABASE_URL;
  const schemaName = url ? `t_${randomBytes(6).toString('hex')}` : undefined;

  beforeAll(async () => {
    database = await createDatabase({ url, schemaName, poolMax: 2 });
    await migrateUpTo(database, '0006_account_lifecycle', schemaName);
    await database.db.execute(sql`insert into users (hash, email, admin, vendor) values
      ('H-admin', 'boss@example.com', true, false),
      ('H-vendor', 'agent@example.com', false, true),
      ('H-both', 'both@example.com', true, true),
      ('H-customer', 'customer@example.com', false, false)`);
    await database.db.execute(sql`insert into mail_outbox (${sql.raw('"to"')}, subject, text, html, status, attempts, last_error)
      values ('a@example.com', 'Waiting', 't', '<p>t</p>', 'pending', 3, 'connection refused'),
             ('b@example.com', 'Gone', 't', '<p>t</p>', 'sent', 1, null),
             ('c@example.com', 'Given up', 't', '<p>t</p>', 'failed', 30, 'mailbox full')`);
    await migrate(database, schemaName);
  });
  afterAll(async () => {
    if (database?.pool && schemaName)
      await database.pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
    await database?.close();
  });

  it('makes every admin an owner and nobody else staff', async () => {
    const staff = await rows<{ email: string; key: string | null }>(
      database,
      sql`select u.email, r.key from users u left join staff_roles r on r.id = u.staff_role_id order by u.email`,
    );
    expect(staff).toEqual([
      { email: 'agent@example.com', key: null },
      { email: 'boss@example.com', key: 'owner' },
      { email: 'both@example.com', key: 'owner' },
      { email: 'customer@example.com', key: null },
    ]);
  });

  it('gives former vendors the agent kind', async () => {
    const kinds = await rows<{ email: string; kind: string }>(
      database,
      sql`select u.email, k.kind::text as kind from user_vendor_kinds k join users u on u.id = k.user_id order by u.email`,
    );
    expect(kinds).toEqual([
      { email: 'agent@example.com', kind: 'agent' },
      { email: 'both@example.com', kind: 'agent' },
    ]);
  });

  it('moves queued, sent and failed mail onto the jobs table', async () => {
    const moved = await rows<{
      to: string;
      status: string;
      attempts: number;
      last_error: string | null;
    }>(
      database,
      sql`select payload->>'to' as "to", status::text as status, attempts, last_error from jobs where kind = 'mail.send' order by id`,
    );
    expect(moved).toEqual([
      { to: 'a@example.com', status: 'pending', attempts: 3, last_error: 'connection refused' },
      { to: 'b@example.com', status: 'done', attempts: 1, last_error: null },
      { to: 'c@example.com', status: 'failed', attempts: 30, last_error: 'mailbox full' },
    ]);
  });

  it('starts with the built-in roles of the contracts, and the vendor kinds match', async () => {
    const roles = await rows<{
      key: string;
      name: string;
      description: string;
      permissions: string[];
      is_owner: boolean;
    }>(
      database,
      sql`select key, name, description, permissions, is_owner from staff_roles order by id`,
    );
    expect(roles).toEqual(
      BUILT_IN_ROLES.map((r) => ({
        key: r.key,
        name: r.name,
        description: r.description,
        permissions: [...r.permissions],
        is_owner: r.isOwner,
      })),
    );
    expect(vendorKind.enumValues).toEqual(VENDOR_KIND_KEYS);
  });
});
