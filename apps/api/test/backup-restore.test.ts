import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createStorage } from '../src/features/storage/index.ts';
import { runCommand } from './helpers/run-command.ts';
import { startS3rver } from './helpers/s3rver.ts';
import {
  createProperty,
  get,
  type Instance,
  postMessage,
  signUp,
  startInstance,
} from './helpers/server-process.ts';

/**
 * Issue 26: a backup restored into a fresh database (and a fresh DATA_DIR) starts the product
 * with the same data — here an account, its session, a property and a message. The embedded
 * database in the default suite; PostgreSQL (pg_dump / pg_restore) in the PostgreSQL suite.
 */
const url = process.env.DATABASE_URL;
const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'backup.ts');
const temp = (tag: string) => mkdtempSync(join(tmpdir(), `lantern-${tag}-`));

async function cli(command: 'create' | 'restore', folder: string, env: Record<string, string>) {
  const done = await runCommand(process.execPath, [CLI, command, folder], {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...env,
  });
  expect(done.status, `${done.stdout}\n${done.stderr}`).toBe(0);
}

async function stop(instance: Instance) {
  instance.child.kill('SIGTERM');
  expect(await instance.exited).toBe(0);
}

/** Data made on one instance; the same must be there after the restore. */
async function makeData(instance: Instance) {
  const cookie = await signUp(instance);
  const property = await createProperty(instance, cookie);
  expect(await postMessage(instance, cookie, property, 'written before the backup')).toBe(201);
  return { cookie, property };
}

async function expectData(instance: Instance, data: { cookie: string; property: string }) {
  expect((await get(instance, '/api/user', data.cookie)).status).toBe(200);
  const thread = await get(instance, `/api/messages?property=${data.property}`, data.cookie);
  expect(thread.status).toBe(200);
  expect(await thread.text()).toContain('written before the backup');
}

describe.skipIf(Boolean(url))('backup and restore of the embedded database', () => {
  it('brings back the data, the sessions and the files into a new DATA_DIR', async () => {
    const from = temp('backup-from');
    const source = await startInstance(undefined, from);
    const data = await makeData(source);
    await stop(source); // PGlite belongs to one process: back up with the server stopped.

    const backup = join(temp('backup'), 'nightly');
    await cli('create', backup, { DATA_DIR: from });
    const to = temp('backup-to');
    await cli('restore', backup, { DATA_DIR: to });
    // A second restore into a used folder is refused rather than mixed in.
    const again = await runCommand(process.execPath, [CLI, 'restore', backup], {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: to,
    });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('already holds a database');

    const restored = await startInstance(undefined, to);
    try {
      await expectData(restored, data);
    } finally {
      await stop(restored);
    }
  }, 300_000);
});

describe.skipIf(!url)('backup and restore on PostgreSQL', () => {
  it('pg_dump while running, pg_restore into an empty database', async () => {
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    const names = ['from', 'to'].map((n) => `lantern_${n}_${randomBytes(4).toString('hex')}`);
    for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
    const urlOf = (name: string) => {
      const u = new URL(url as string);
      u.pathname = `/${name}`;
      return u.toString();
    };
    const [fromUrl, toUrl] = names.map(urlOf) as [string, string];
    try {
      const source = await startInstance(fromUrl, temp('pg-from'));
      const data = await makeData(source);
      const backup = join(temp('pg-backup'), 'nightly');
      await cli('create', backup, { DATABASE_URL: fromUrl, DATA_DIR: temp('pg-from-files') });
      await stop(source);
      await cli('restore', backup, { DATABASE_URL: toUrl, DATA_DIR: temp('pg-to-files') });
      const restored = await startInstance(toUrl, temp('pg-to'));
      try {
        await expectData(restored, data);
      } finally {
        await stop(restored);
      }
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 300_000);
});

describe.skipIf(Boolean(url))('backup and restore of an S3 file store', () => {
  it('copies every object out and puts it back into another bucket', async () => {
    const from = await startS3rver('lantern-from');
    const to = await startS3rver('lantern-to');
    try {
      const source = await createStorage({ kind: 's3', ...from.config });
      const photo = randomBytes(200_000);
      await source.put('listings/l1/photos/p1/original', photo, { contentType: 'image/heic' });
      await source.put('listings/l1/photos/p1/web.jpg', Buffer.from('web'), {
        contentType: 'image/jpeg',
      });
      const env = (c: typeof from.config, dataDir: string) => ({
        DATA_DIR: dataDir,
        S3_BUCKET: c.bucket,
        S3_ENDPOINT: c.endpoint as string,
        S3_ACCESS_KEY_ID: c.accessKeyId as string,
        S3_SECRET_ACCESS_KEY: c.secretAccessKey as string,
      });
      const backup = join(temp('s3-backup'), 'nightly');
      await cli('create', backup, env(from.config, temp('s3-from')));
      await cli('restore', backup, env(to.config, temp('s3-to')));

      const target = await createStorage({ kind: 's3', ...to.config });
      const keys: string[] = [];
      for await (const key of target.keys()) keys.push(key);
      expect(keys.sort()).toEqual([
        'listings/l1/photos/p1/original',
        'listings/l1/photos/p1/web.jpg',
      ]);
      const chunks: Buffer[] = [];
      for await (const c of (await target.get('listings/l1/photos/p1/original')) ?? []) {
        chunks.push(c as Buffer);
      }
      expect(Buffer.concat(chunks).equals(photo)).toBe(true);
      source.close();
      target.close();
    } finally {
      await from.close();
      await to.close();
    }
  }, 120_000);
});
