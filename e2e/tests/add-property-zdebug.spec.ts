import { expect, test } from '@playwright/test';
import { fillAddress, openUserArea, SPRINGFIELD, signUpInContext } from './fixtures/user-area.ts';
test('debug drag', async ({ page }) => {
  await signUpInContext(page, 'dbg');
  await page.goto('/');
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, { ...SPRINGFIELD, apn: '1', street: 'County Road 12' });
  await panel.getByRole('button', { name: 'Create Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Location of Property' });
  const pin = dialog.getByRole('button', { name: /Property location pin/ });
  await expect(pin).toBeVisible();
  await page.waitForTimeout(1000);
  const box = (await pin.boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) { await page.mouse.move(from.x + i * 10, from.y + i * 8); await page.waitForTimeout(60); }
  console.log('mid', await pin.evaluate((e) => (e as HTMLElement).style.transform), await page.evaluate(() => (document.querySelector('.leaflet-map-pane') as HTMLElement).style.transform), await page.evaluate(() => document.activeElement?.className));
  await page.mouse.up();
  await page.waitForTimeout(300);
  console.log(await dialog.getByText(/^Pin at /).textContent());
});
