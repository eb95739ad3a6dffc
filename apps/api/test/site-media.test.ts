import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSIONS, type TAdminSiteMedia } from '@lantern/contracts';
import { auditLog, siteMedia, staffRoles } from '@lantern/db';
import { PHOTO_TEXTS, SITE_MEDIA_API, SITE_MEDIA_TEXTS } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { callAs, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { hasGps, jpeg, png } from './helpers/photo-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Admin → Site media (issue 45; docs/decisions/081-site-media.md): staff with "Manage site
 * media" upload sample photography with alt text, order, publish and delete it; /photography
 * shows the published photos only, each size served with no metadata.
 */
let t: TestApp;
let editor: SignedIn;
let support: SignedIn;
let customer: SignedIn;
let filesRoot: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.db.insert(staffRoles).values({
    key: 'site-media',
    name: 'Site media',
    description: '',
    permissions: ['site.media'],
  });
  editor = await signUpUser(t.app, 'sm-editor');
  await giveStaffRole(t.app, editor.userId, 'site-media');
  support = await signUpUser(t.app, 'sm-support');
  await giveStaffRole(t.app, support.userId, 'support');
  customer = await signUpUser(t.app, 'sm-customer');
  if (t.app.config.storage.kind !== 'local') throw new Error('expected local storage');
  filesRoot = t.app.config.storage.root;
});
afterAll(() => t.close());

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart body of text fields and files, in the order given. */
function form(parts: Part[]) {
  const boundary = `----lantern${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'data' in p
        ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: image/jpeg`
        : `Content-Disposition: form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    chunks.push('data' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (who: SignedIn, parts: Part[]) => {
  const body = form(parts);
  return t.app.inject({
    method: 'POST',
    url: SITE_MEDIA_API.list,
    headers: { ...BROWSER, cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
};
const file = (data: Buffer, filename = 'porch.jpg'): Part => ({ name: 'file', filename, data });
const alt = (value: string): Part => ({ name: 'alt', value });

async function uploaded(altText: string, data?: Buffer, caption?: string) {
  const parts = [alt(altText), file(data ?? (await jpeg(1600, 1200)))];
  if (caption) parts.unshift({ name: 'caption', value: caption });
  const res = await upload(editor, parts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TAdminSiteMedia;
}

const list = async (who = editor) =>
  (await callAs(t.app, who, 'GET', SITE_MEDIA_API.list)).json() as {
    photos: TAdminSiteMedia[];
    canEdit: boolean;
  };
const entries = (hash: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'site-media'), eq(auditLog.recordId, hash)))
    .orderBy(auditLog.id);
const page = async () => {
  const res = await t.app.inject({ url: '/photography', headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('site media', () => {
  it('offers the permission by name on the Roles page', () => {
    expect(PERMISSIONS['site.media'].label).toBe('Manage site media');
  });

  it('stores an upload with its alt text and sizes, unpublished, with an activity row', async () => {
    const photo = await uploaded(
      'A bright kitchen with a white island',
      await jpeg(2000, 1500, { gps: true }),
      'Dana Ruiz, Tucson',
    );
    expect(photo).toMatchObject({
      alt: 'A bright kitchen with a white island',
      caption: 'Dana Ruiz, Tucson',
      published: false,
      width: 2000,
      height: 1500,
      fileName: 'porch.jpg',
    });
    const [row] = await t.app.db.select().from(siteMedia).where(eq(siteMedia.hash, photo.hash));
    expect(row?.variants).toMatchObject({
      thumb: { width: 320, height: 240 },
      small: { width: 640, height: 480 },
      medium: { width: 1024, height: 768 },
      large: { width: 1600, height: 1200 },
    });
    // Every size is a JPEG without the GPS the camera wrote.
    const res = await t.app.inject({
      url: SITE_MEDIA_API.file(photo.hash, 'large'),
      headers: { cookie: editor.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(1600);
    expect(hasGps(meta.exif)).toBe(false);
    const [entry] = await entries(photo.hash);
    expect(entry?.action).toBe('site-media.upload');
    expect(entry?.after).toMatchObject({ alt: photo.alt, published: false });
  });

  it('refuses what is not a usable photo, in the uploader’s words, keeping no file', async () => {
    const before = (await list()).photos.length;
    const text = await upload(editor, [
      alt('Not a photo'),
      file(Buffer.from('hello, I am text'), 'fake.jpg'),
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toBe(PHOTO_TEXTS.wrongType);
    const small = await upload(editor, [alt('Small'), file(await png(800, 600), 'small.png')]);
    expect(small.statusCode).toBe(422);
    expect(small.json().message).toBe(SITE_MEDIA_TEXTS.tooSmall);
    const big = await upload(editor, [
      alt('Huge'),
      file(Buffer.concat([await jpeg(1200, 900), Buffer.alloc(15 * 1024 * 1024)])),
    ]);
    expect(big.statusCode).toBe(422);
    expect(big.json().message).toBe(PHOTO_TEXTS.tooLarge);
    const noAlt = await upload(editor, [file(await jpeg(1200, 900))]);
    expect(noAlt.statusCode).toBe(422);
    expect(noAlt.json().errors.alt).toEqual([SITE_MEDIA_TEXTS.alt]);
    const longAlt = await upload(editor, [alt('x'.repeat(201)), file(await jpeg(1200, 900))]);
    expect(longAlt.json().errors.alt).toEqual([SITE_MEDIA_TEXTS.altTooLong]);
    const noFile = await upload(editor, [alt('Nothing')]);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().message).toBe(SITE_MEDIA_TEXTS.noFile);
    expect((await list()).photos).toHaveLength(before);
    expect(existsSync(join(filesRoot, 'site-media'))).toBe(true);
  });

  it('keeps changes to staff with the permission; a customer is refused', async () => {
    const photo = (await list()).photos[0] as TAdminSiteMedia;
    expect((await list(support)).canEdit).toBe(false);
    expect((await list()).canEdit).toBe(true);
    const patch = await callAs(t.app, support, 'PUT', SITE_MEDIA_API.photo(photo.hash), {
      published: true,
    });
    expect(patch.statusCode).toBe(403);
    expect((await upload(support, [alt('x'), file(await jpeg(1200, 900))])).statusCode).toBe(403);
    for (const res of [
      await callAs(t.app, customer, 'GET', SITE_MEDIA_API.list),
      await callAs(t.app, customer, 'DELETE', SITE_MEDIA_API.photo(photo.hash)),
      await t.app.inject({
        url: SITE_MEDIA_API.file(photo.hash, 'thumb'),
        headers: { cookie: customer.cookie },
      }),
    ]) {
      expect([403, 404]).toContain(res.statusCode);
    }
  });

  it('publishes, orders and deletes, and /photography shows only what is published', async () => {
    const first = (await list()).photos[0] as TAdminSiteMedia;
    const second = await uploaded('A living room with a stone fireplace', await png(1400, 1000));
    expect(await page()).not.toContain('Sample work');
    // Unpublished: not served to the public.
    const publicUrl = SITE_MEDIA_API.publicFile(first.hash, 'small');
    expect((await t.app.inject({ url: publicUrl })).statusCode).toBe(404);

    const published = await callAs(t.app, editor, 'PUT', SITE_MEDIA_API.photo(first.hash), {
      published: true,
      caption: 'Photo by Dana Ruiz, Tucson',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      published: true,
      caption: 'Photo by Dana Ruiz, Tucson',
    });
    const html = await page();
    expect(html).toContain('Sample work');
    expect(html).toContain(`alt="${first.alt}"`);
    expect(html).toContain(`${SITE_MEDIA_API.publicFile(first.hash, 'thumb')} 320w`);
    expect(html).toMatch(/loading="lazy"/);
    expect(html).toContain('Photo by Dana Ruiz, Tucson');
    expect(html).not.toContain(second.alt);
    const served = await t.app.inject({ url: publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=300');

    await callAs(t.app, editor, 'PUT', SITE_MEDIA_API.photo(second.hash), { published: true });
    const moved = await callAs(t.app, editor, 'POST', SITE_MEDIA_API.move(second.hash), {
      direction: 'up',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().photos.map((p: TAdminSiteMedia) => p.hash)).toEqual([
      second.hash,
      first.hash,
    ]);
    const ordered = await page();
    expect(ordered.indexOf(second.alt)).toBeLessThan(ordered.indexOf(first.alt));

    const bad = await callAs(t.app, editor, 'PUT', SITE_MEDIA_API.photo(first.hash), { alt: '' });
    expect(bad.statusCode).toBe(422);

    const removed = await callAs(t.app, editor, 'DELETE', SITE_MEDIA_API.photo(second.hash));
    expect(removed.statusCode).toBe(204);
    expect(existsSync(join(filesRoot, 'site-media', second.hash, 'small.jpg'))).toBe(false);
    expect(existsSync(join(filesRoot, 'site-media', second.hash, 'original'))).toBe(false);
    expect((await list()).photos.map((p) => [p.hash, p.position])).toEqual([[first.hash, 0]]);
    expect((await entries(second.hash)).map((e) => e.action)).toEqual([
      'site-media.upload',
      'site-media.update',
      'site-media.move',
      'site-media.delete',
    ]);
    expect(await page()).not.toContain(second.alt);

    await callAs(t.app, editor, 'PUT', SITE_MEDIA_API.photo(first.hash), { published: false });
    expect(await page()).not.toContain('Sample work');
    expect((await t.app.inject({ url: publicUrl })).statusCode).toBe(404);
  });
});
