import { listingPagePath } from '@lantern/contracts';
import { inlineScriptHashes } from '@lantern/domain/csp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildManifest } from '../src/features/public-site/build-manifest.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';

/**
 * Issue 44: every page renders on demand, and its inline scripts run by the hashes the build
 * listed (it renders one page of each route to find them); the server adds none per page, so a
 * script a visitor's text smuggles into a page never runs, and the policy is the same on each.
 */
let t: TestApp;
let listing = '';
beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  const seller = await signUpUser(t.app, 'scripts');
  const { listing: row } = await publishedFsboListing(t.app, seller, '9 Script Ln');
  listing = listingPagePath(row.slug ?? row.hash);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('inline scripts on the public pages', () => {
  it('are all in the build’s list, on every kind of page, a listing’s included', async () => {
    const listed = new Set(readBuildManifest(t.app.config.webDist)?.scriptHashes);
    expect(listed.size).toBeGreaterThan(3);
    const pages = [
      '/',
      '/services',
      '/flat-fee-mls/austin-tx',
      '/mls/armls',
      '/current-listings',
      '/search?search=mls',
      '/blog/what-is-the-mls',
      '/account/login',
      '/account/social-callback',
      '/password/reset',
      '/showings/respond',
      '/no-such-page',
      listing,
    ];
    const policies = new Set<string>();
    for (const url of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      const unlisted = inlineScriptHashes(res.body).filter((hash) => !listed.has(hash));
      expect(unlisted, url).toEqual([]);
      policies.add(String(res.headers['content-security-policy']));
    }
    expect(policies.size).toBe(1);
  });

  it('never allow a script a visitor’s text carries into the page', async () => {
    const smuggled = '"><script>window.pwned=1</script>';
    const res = await get(`/search?search=${encodeURIComponent(smuggled)}`);
    expect(res.statusCode).toBe(200);
    const [hash] = inlineScriptHashes('<script>window.pwned=1</script>');
    expect(res.headers['content-security-policy']).not.toContain(String(hash));
    // The text is there, escaped into attributes and text: no script element of its own.
    expect(inlineScriptHashes(res.body)).not.toContain(hash);
  });
});
