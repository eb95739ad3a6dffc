import { expect, test } from './fixtures/test.ts';

/**
 * Issue 45: the savings calculator on the home page and /flat-fee-mls. It updates as the visitor
 * types, and without JavaScript its GET form is answered by the server with the same figures.
 * The flat fee is the catalogue's $149 (public-prices.spec.ts puts back any price it changes).
 */
const PAGES = ['/', '/flat-fee-mls'];

for (const path of PAGES) {
  test(`the calculator on ${path} updates as the visitor types`, async ({ page }) => {
    test.slow(); // a dozen steps, each waiting for the script's 200 ms pause
    await page.goto(path);
    const calculator = page.locator('#savings');
    const price = calculator.getByLabel('Your home’s price');
    const rate = calculator.getByLabel('Listing commission');
    const result = calculator.locator('output');
    // What a visitor sees: the part of the output not hidden.
    const seen = { useInnerText: true } as const;
    await expect(result).toHaveText('Enter your home’s price to see the difference.', seen);
    await expect(rate).toHaveValue('2.5');

    await price.pressSequentially('450,000');
    await expect(result).toContainText('You would keep $11,101 more on the listing side.');
    await expect(result).toContainText('Listing commission at 2.5%');
    await rate.fill('3');
    await expect(result).toContainText('Listing commission at 3%');
    await expect(result).toContainText('$13,500');
    await expect(result).toContainText('You would keep $13,351 more on the listing side.');

    // A wrong figure says so once the visitor leaves the field, and the result waits for it.
    await price.fill('450k');
    await rate.focus();
    await expect(calculator.getByText('Enter the price in dollars, like 450,000.')).toBeVisible();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(result).toHaveText('Correct the figures above to see the difference.', seen);
    await price.fill('300000');
    await expect(price).not.toHaveAttribute('aria-invalid');
    await expect(result).toContainText('$9,000');
  });
}

test('without JavaScript the form is sent and the server answers it', async ({ browser }) => {
  test.slow(); // four page loads, /flat-fee-mls with its thousand city links
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of PAGES) {
    await page.goto(path);
    const calculator = page.locator('#savings');
    await calculator.getByLabel('Your home’s price').fill('450,000');
    await calculator.getByLabel('Listing commission').fill('3');
    await calculator.getByRole('button', { name: 'Compare' }).click();
    await expect(page).toHaveURL(/\?price=450%2C000&rate=3#savings$/);
    await expect(page.locator('#savings output')).toContainText(
      'You would keep $13,351 more on the listing side.',
    );

    await page.locator('#savings').getByLabel('Listing commission').fill('30');
    await page.locator('#savings').getByRole('button', { name: 'Compare' }).click();
    await expect(page.locator('#savings')).toContainText(
      'Enter a commission between 0.1% and 10%.',
    );
  }
  await context.close();
});
