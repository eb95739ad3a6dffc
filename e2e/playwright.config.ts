import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN, BASE_URL, PORT, VENDOR } from './tests/fixtures/constants.ts';
import { HUBSPOT_FIXTURE_TOKEN, HUBSPOT_FIXTURE_URL } from './tests/fixtures/hubspot.ts';
import { INBOUND_SMTP_PORT, MAIL_REPLY_DOMAIN, MAIL_URL } from './tests/fixtures/public-mail.ts';
import { OIDC_HOST, OIDC_PORTS, SOCIAL_ENV } from './tests/fixtures/social.ts';
import { STRIPE_FIXTURE_URL } from './tests/fixtures/stripe.ts';
import { TILE_ENV, TILE_FIXTURE_URL } from './tests/fixtures/tiles.ts';
import {
  TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN,
  TWILIO_FIXTURE_URL,
  TWILIO_FROM,
} from './tests/fixtures/twilio.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lantern-e2e-'));
const api = join(import.meta.dirname, '..', 'apps', 'api', 'src');
const seed = (u: { email: string; password: string }, flag: string) =>
  `node ${api}/cli/seed.ts --email ${u.email} --password '${u.password}' --${flag}`;

/**
 * Flows whose pages have no layout of their own at phone width (sign-in handshakes, payments,
 * realtime, admin tables): they run on the desktop project only, which keeps CI within its time
 * budget. Everything a phone user sees laid out differently runs on both (docs/decisions/025-ci-time-budget.md).
 */
const DESKTOP_ONLY = [
  'admin-sales-import.spec.ts',
  'admin-valuation-disclaimers.spec.ts',
  // Issue 38's whole flow (an import, three orders, two payments, a regeneration) once: the
  // Valuation page's layout at 375 px is its dashboard tests' and the screenshots' concern.
  'valuation-products.spec.ts',
  // Issue 39's photography flow across four people once; the gallery at 375 px is in the
  // screenshots.
  'photo-shoot.spec.ts',
  'webhooks.spec.ts',
  // Issue 49's admin table and the partner's reads; its 375 px view is screenshotted there.
  'listing-partners.spec.ts',
  'work-orders.spec.ts',
  'documents.spec.ts',
  'social-sign-in.spec.ts',
  'auth.spec.ts',
  'password-reset.spec.ts',
  'two-factor.spec.ts',
  'security.spec.ts',
  'dashboard-realtime.spec.ts',
  'dashboard-participants-messages.spec.ts',
  'dashboard-update-property.spec.ts',
  'payments.spec.ts',
  'admin-pages.spec.ts',
  'admin-catalogue.spec.ts',
  'admin-email.spec.ts',
  'admin-crm.spec.ts',
  'admin-texts.spec.ts',
  'admin-reports.spec.ts',
  'admin-marketing.spec.ts',
  'admin-referrals.spec.ts',
  'support-tickets.spec.ts',
  'admin-orders.spec.ts',
  'mls-listing-review.spec.ts',
  'admin-lockboxes.spec.ts',
  // Account Settings → API tokens has no phone layout of its own (issue 25).
  'api-tokens.spec.ts',
  'idempotency.spec.ts',
  // Issue 22 and 21's flows behind pages with no phone layout of their own (mail and text
  // relays, dashboard tabs, the photography booking): buyer-leads.spec.ts and open-house.spec.ts
  // still run the listing page's forms and the tools' tabs at 375 px.
  'listing-questions.spec.ts',
  'showings.spec.ts',
  'text-for-info.spec.ts',
  'listing-analytics.spec.ts',
  'photo-appointments.spec.ts',
  // The roles, jobs and People tables of the admin platform, and the MLS listing's signing, staff
  // review and live price change: admin tables and realtime, as above (mls-listing.spec.ts keeps
  // the builder's forms at 375 px).
  'admin-platform.spec.ts',
  // Sets each test's own width (1440 and 375 px): running it again as the phone adds nothing.
  'admin-sidebar.spec.ts',
  'mls-listing-lifecycle.spec.ts',
  // Issue 24's vendor area: data tables and forms laid out as the admin's, no phone layout of
  // their own.
  'vendor-agent.spec.ts',
  'vendor-referrals.spec.ts',
  'settlement-cda.spec.ts',
  'concierge-review.spec.ts',
  // Issue 24: the request, confirmation and view pages are single-column already; the dashboard
  // tab is the listing tools' (decision 025's rule).
  'transaction-access.spec.ts',
  // Issue 44: an admin dialog changes a shared price; the pages it checks are in the screenshots
  // (public-visual.spec.ts) and public-a11y.spec.ts at 375 px.
  'public-prices.spec.ts',
  // Issue 46: the bytes a landing page loads are the same at every width.
  'dashboard-first-load.spec.ts',
];

/** Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  // A local SMTP server for the newsletter double opt-in (public-newsletter.spec.ts), and the
  // check that no page broke the Content-Security-Policy while the suite ran.
  globalSetup: ['./tests/fixtures/public-smtp.setup.ts', './tests/fixtures/csp.setup.ts'],
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Tests assert what happens, never how fast (speed is `pnpm bench`'s): on CI's two shared cores
  // a browser, the server and a second worker can take longer than the defaults for a step a
  // person would see at once (docs/decisions/025-ci-time-budget.md).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A trace is recorded for a retry, not for every first attempt: recording costs about a sixth of
  // the suite's CPU, and a test that failed once is the one worth reading (decision 025).
  use: {
    baseURL: BASE_URL,
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: chromium,
      },
    },
    {
      name: 'phone',
      testIgnore: DESKTOP_ONLY,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 812 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: [
    {
      // Local OIDC providers standing in for Apple, Google and Microsoft (social-*.spec.ts).
      command: `node ${join(import.meta.dirname, 'tests', 'fixtures', 'start-oidc-providers.ts')}`,
      url: `http://${OIDC_HOST}:${OIDC_PORTS.microsoft}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // A local Stripe API and hosted checkout page (payments.spec.ts); its "Pay" signs the
      // checkout.session.completed event and sends it to the product's webhook.
      command: `node ${join(import.meta.dirname, 'tests', 'fixtures', 'start-stripe-fixture.ts')}`,
      url: `${STRIPE_FIXTURE_URL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A local HubSpot CRM API (admin-crm.spec.ts): every sign-up and order is pushed to it.
      command: `node ${join(import.meta.dirname, 'tests', 'fixtures', 'start-hubspot-fixture.ts')}`,
      url: `${HUBSPOT_FIXTURE_URL}/__fixture/state`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A local Twilio Messages API (phone-and-pin.spec.ts, admin-texts.spec.ts): it keeps every
      // text, and calls each one's status webhook back, signed, as sent and then delivered.
      command: `node ${join(import.meta.dirname, 'tests', 'fixtures', 'start-twilio-fixture.ts')}`,
      url: `${TWILIO_FIXTURE_URL}/__fixture/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Map tiles from a local folder (tests/fixtures/tiles): the product's MAP_TILE_URL.
      command: `node ${join(import.meta.dirname, 'tests', 'fixtures', 'start-tile-fixture.ts')}`,
      url: `${TILE_FIXTURE_URL}/__fixture/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The built one-process product, on its own embedded database.
      command: `${seed(ADMIN, 'admin')} && ${seed(VENDOR, 'vendor')} && node ${api}/server.ts`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000, // migrations, catalogue seed and two staff seeds on a cold database
      env: {
        // 'test' so TEST_FIXTURES may be on: dashboard tests create properties and publish their
        // realtime events through test-only routes (apps/api/src/routes/dashboard/test-fixtures.ts).
        NODE_ENV: 'test',
        TEST_FIXTURES: 'true',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE_URL,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
        LOG_LEVEL: 'warn',
        // Every test signs up from 127.0.0.1; the per-IP limit itself is covered by API tests.
        SIGNUPS_PER_HOUR: '1000',
        // Maps draw tiles from the local tile server above, never a public one.
        ...TILE_ENV,
        MAIL_URL,
        // Replies to relayed mail (issue 22) come back to this listener.
        MAIL_REPLY_DOMAIN,
        INBOUND_SMTP_PORT: String(INBOUND_SMTP_PORT),
        // Card payments against the local Stripe stand-in (the same secret signs its events).
        STRIPE_SECRET_KEY: 'sk_test_fixture',
        STRIPE_WEBHOOK_SECRET: 'whsec_fixture_secret_for_tests',
        STRIPE_API_URL: STRIPE_FIXTURE_URL,
        // CRM sync against the local HubSpot stand-in.
        HUBSPOT_TOKEN: HUBSPOT_FIXTURE_TOKEN,
        HUBSPOT_API_BASE: HUBSPOT_FIXTURE_URL,
        // Texts through the local Twilio stand-in.
        TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN,
        TWILIO_FROM,
        TWILIO_API_BASE: TWILIO_FIXTURE_URL,
        // Social sign-in against the local providers above.
        ...SOCIAL_ENV,
      },
    },
  ],
});
