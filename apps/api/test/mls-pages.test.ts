import { Agent, get } from 'node:http';
import { ADMIN_API } from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { callAs, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 44: /mls, /mls/{slug} and the city pages render on each request from the MLS boards
 * table, through the real build of the public site: a staff save shows on them at once.
 */
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
});
afterAll(() => t.close());

// As a browser asks: a client that does not want HTML gets the JSON 404 instead of the page.
const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The text a visitor reads, tags dropped and entities of the fields we check decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const WASHINGTON_BOARD = {
  name: 'Cascade Test Listing Service',
  shortName: 'CTLS',
  states: ['WA'],
  counties: ['King'],
  region: 'Seattle & the Eastside',
  website: 'https://ctls.example',
  sourceName: 'CTLS website',
  sourceUrl: 'https://ctls.example/about',
  notes: null,
  listingFeeCents: 4_500,
  rules: null,
};

describe('MLS directory and city pages, rendered on demand', () => {
  it('shows the directory, a board and a city page from the table', async () => {
    const directory = await page('/mls');
    expect(directory.statusCode).toBe(200);
    expect(directory.headers['content-type']).toMatch(/^text\/html/);
    expect(directory.body).toContain('href="/mls/nwmls"');

    const board = await page('/mls/nwmls');
    expect(board.statusCode).toBe(200);
    expect(board.headers['cache-control']).toBe('no-cache');
    expect(text(board.body)).toContain('Northwest Multiple Listing Service');
    // The largest cities of the board's state link to their pages.
    expect(board.body).toContain('href="/flat-fee-mls/seattle-wa"');

    const city = await page('/flat-fee-mls/seattle-wa');
    expect(city.statusCode).toBe(200);
    expect(text(city.body)).toContain('Sell your Seattle home');
    expect(city.body).toContain('href="/mls/nwmls"');
    // Its nearest cities, worked out for this page.
    expect(city.body).toContain('href="/flat-fee-mls/bellevue-wa"');
  });

  it('answers the site’s 404 page for a board or a city there is none of', async () => {
    for (const url of ['/mls/no-such-board', '/flat-fee-mls/atlantis-zz']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('We couldn’t find that page');
    }
  });

  it('shows a staff edit and a new board at once, on the board’s page and the city page', async () => {
    const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
      callAs(t.app, ...args);
    expect((await page('/mls/ctls')).statusCode).toBe(404);
    const made = await call(owner, 'POST', ADMIN_API.mlsBoards, {
      ...WASHINGTON_BOARD,
      slug: 'ctls',
    });
    expect(made.statusCode).toBe(201);
    const created = await page('/mls/ctls');
    expect(created.statusCode).toBe(200);
    expect(text(created.body)).toContain('Seattle & the Eastside');
    expect(text(created.body)).toContain('$45.00 charged by CTLS per listing');
    expect(text((await page('/flat-fee-mls/seattle-wa')).body)).toContain(
      'Cascade Test Listing Service',
    );

    const { slug: _s, updatedAt: _u, ...fields } = made.json();
    const changed = await call(owner, 'PUT', ADMIN_API.mlsBoard('ctls'), {
      ...fields,
      name: 'Cascade Regional Test MLS',
      region: 'Puget Sound',
      rules: 'Photos within 2 days.',
    });
    expect(changed.statusCode).toBe(200);
    const board = text((await page('/mls/ctls')).body);
    expect(board).toContain('Cascade Regional Test MLS');
    expect(board).toContain('Photos within 2 days.');
    expect(board).not.toContain('Seattle & the Eastside');
    const city = text((await page('/flat-fee-mls/tacoma-wa')).body);
    expect(city).toContain('Cascade Regional Test MLS');
    expect(city).toContain('Puget Sound');
    expect(city).not.toContain('Cascade Test Listing Service');
    expect(text((await page('/mls')).body)).toContain('Cascade Regional Test MLS');
  });
});

describe('on-demand pages over one kept-alive connection', () => {
  it('leave no listener behind on the socket, page after page', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 15; i++) {
        const status = await new Promise<number | undefined>((resolve, reject) => {
          get(`${address}/mls/nwmls`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          }).on('error', reject);
        });
        expect(status).toBe(200);
      }
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      agent.destroy();
      process.off('warning', onWarning);
    }
  });
});
