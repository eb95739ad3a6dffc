import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { ownerPage, staffNavLink } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Admin → Site media (issue 45; docs/decisions/081-site-media.md): staff upload a sample photo
 * with its alt text, publish it, see it under "Sample work" on /photography, and delete it (which
 * takes it off the page again). The photo is made here, never committed.
 */
test.describe.configure({ timeout: 90_000 });

const ALT = `A sunlit living room with oak floors (${Date.now().toString(36)})`;

const photo = async () => ({
  name: 'living-room.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({
    create: { width: 1600, height: 1067, channels: 3, background: '#a7b8c9' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1067"><rect x="200" y="300" width="700" height="500" fill="#6b4f2a"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer(),
});

test('staff upload a photo with alt text, publish it and see it on /photography', async ({
  browser,
}) => {
  const staff = await ownerPage(browser);
  await staff.goto('/admin');
  await (await staffNavLink(staff, 'Site media')).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Site media' })).toBeVisible({
    timeout: 15_000,
  });

  // Without alt text the upload is refused in words, under the field.
  await staff.getByLabel('Photo', { exact: true }).setInputFiles(await photo());
  await staff.getByRole('button', { name: 'Upload photo' }).click();
  await expect(staff.getByText(/Describe what the photo shows/).first()).toBeVisible();

  await staff.getByLabel('Alt text').fill(ALT);
  await staff.getByLabel('Caption (optional)').fill('Photo by our photographer, Tucson');
  await staff.getByRole('button', { name: 'Upload photo' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Photo uploaded' })).toBeVisible({
    timeout: 30_000,
  });
  const item = staff.getByRole('listitem').filter({ hasText: ALT });
  await expect(item).toContainText('Not published');
  const axe = await new AxeBuilder({ page: staff }).include('main').analyze();
  expect(axe.violations).toEqual([]);

  // Not on the public page until published.
  // Its own context: axe needs one made by browser.newContext().
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/photography');
  await expect(visitor.getByRole('img', { name: ALT })).toHaveCount(0);

  await item.getByRole('button', { name: /^Publish/ }).click();
  await expect(item).toContainText('Published');
  await visitor.reload();
  const gallery = visitor.getByRole('region', { name: 'Sample work' });
  const img = gallery.getByRole('img', { name: ALT });
  await img.scrollIntoViewIfNeeded();
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('srcset', /320w.*1600w/);
  await expect(gallery).toContainText('Photo by our photographer, Tucson');
  const publicAxe = await new AxeBuilder({ page: visitor }).include('main').analyze();
  expect(publicAxe.violations).toEqual([]);
  // The browser fetched one of the sizes and it decoded.
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  // Deleted after a confirmation: gone from the list and from the page.
  await item.getByRole('button', { name: /^Delete/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Delete this photo?' });
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Photo deleted.' })).toBeVisible();
  await expect(staff.getByRole('listitem').filter({ hasText: ALT })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('img', { name: ALT })).toHaveCount(0);
});
