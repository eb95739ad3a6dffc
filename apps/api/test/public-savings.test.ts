import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/**
 * Issue 45: the savings calculator works without JavaScript. Its GET form comes back to the page,
 * which reads `?price=&rate=` and renders the comparison on the server (the real build of
 * apps/web), against the flat fee in the catalogue ($149 as seeded).
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The calculator's result as a visitor reads it: the hidden part of the output left out. */
function output(html: string): string {
  const inner = (/<output\b[^>]*>([\s\S]*?)<\/output>/.exec(html)?.[1] ?? '')
    .replace(/<span class="savings__empty"[^>]*\bhidden\b[^>]*>[^<]*<\/span>/, '')
    .replace(/<span class="savings__figures"[^>]*\bhidden\b[\s\S]*$/, '');
  return inner
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the savings calculator, answered by the server', () => {
  it('compares the listing side with the flat fee on the home page and /flat-fee-mls', async () => {
    for (const path of ['/', '/flat-fee-mls']) {
      const res = await page(`${path}?price=450%2C000&rate=3`);
      expect(res.statusCode, path).toBe(200);
      expect(output(res.body), path).toBe(
        'You would keep $13,351 more on the listing side. Listing commission at 3% $13,500 ' +
          'Our flat fee MLS listing $149 Difference $13,351',
      );
      // The fields show what was sent.
      expect(res.body).toMatch(/<input[^>]+name="price"[^>]+value="450,000"/);
      expect(res.body).toMatch(/<input[^>]+name="rate"[^>]+value="3"/);
    }
  });

  it('says what is wrong in words and keeps what was typed', async () => {
    const res = await page('/?price=450k&rate=12');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Enter the price in dollars, like 450,000.');
    expect(res.body).toContain('Enter a commission between 0.1% and 10%.');
    expect(res.body).toMatch(/<input[^>]+name="price"[^>]+value="450k"[^>]+aria-invalid="true"/);
    expect(output(res.body)).toBe('Correct the figures above to see the difference.');
  });

  it('starts at the default rate with no result, and escapes what the URL carries', async () => {
    const blank = await page('/flat-fee-mls');
    expect(blank.body).toMatch(/<input[^>]+name="rate"[^>]+value="2.5"/);
    expect(output(blank.body)).toBe('Enter your home’s price to see the difference.');

    const odd = await page('/?price=%22%3E%3Cscript%3Ex%3C%2Fscript%3E');
    expect(odd.statusCode).toBe(200);
    expect(odd.body).not.toContain('"><script>x</script>');
  });
});
