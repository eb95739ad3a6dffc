import { ownerPage } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 37: staff import a file of closed sales at Admin → Sales data, watch it checked and
 * stored, and see a file with a bad line refused whole, the line named with its reason.
 */
test.describe.configure({ timeout: 90_000 });

const HEADER =
  'id,date,price,bedrooms,bathrooms,sqft_living,sqft_lot,floors,waterfront,view,condition,grade,sqft_above,sqft_basement,yr_built,yr_renovated,zipcode,lat,long,sqft_living15,sqft_lot15';
const day = (ago: number) =>
  new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
const line = (id: number, ago: number, price: number) =>
  `${id},${day(ago)},${price},3,2,1700,5000,1,0,0,3,7,1700,0,1985,0,98103,47.68,-122.34,1700,5000`;

test('staff import a sales file, then see a file with a bad line refused whole', async ({
  browser,
  allowConsole,
}) => {
  // The refused file is still a 202 upload; nothing is an error answer. Polls are 200s.
  allowConsole(/status of 4\d\d/);
  const tag = Date.now() % 1_000_000_000;
  const staff = await ownerPage(browser);
  await staff.goto('/admin/sales');
  await expect(staff.getByRole('heading', { name: 'Sales data', level: 1 })).toBeVisible();

  const good = [
    HEADER,
    line(tag, 10, 650_000),
    line(tag + 1, 20, 700_000),
    line(tag + 2, 30, 720_000),
  ];
  await staff.getByLabel(/CSV file of closed sales/).setInputFiles({
    name: `e2e-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${good.join('\n')}\n`),
  });
  await staff.getByLabel('Credit line').fill('King County Department of Assessments');
  await staff.getByRole('button', { name: 'Import' }).click();
  const status = staff.getByTestId('sales-import-status');
  await expect(status).toContainText('Imported · 3 lines read · 3 new sales stored', {
    timeout: 30_000,
  });
  await expect(staff.getByText(`file:e2e-${tag}: 3 sales`)).toBeVisible();

  const bad = [
    ...good.slice(0, 2),
    `${tag + 9},20141301,500000,3,2,1500,5000,1,0,0,3,7,1500,0,1990,0,98103,47.68,-122.34,1500,5000`,
  ];
  await staff.getByLabel(/CSV file of closed sales/).setInputFiles({
    name: `e2e-bad-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${bad.join('\n')}\n`),
  });
  await staff.getByRole('button', { name: 'Import' }).click();
  await expect(status).toContainText('Refused: nothing stored', { timeout: 30_000 });
  await expect(staff.getByText('1 line was refused, so nothing was stored.')).toBeVisible();
  const refused = staff.getByRole('table', { name: 'Refused lines' });
  await expect(
    refused.getByRole('row', { name: /3 date "20141301" is not a real date\./ }),
  ).toBeVisible();
});
