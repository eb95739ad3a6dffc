import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
const E2E = '/work/main/e2e';
const PORT = 3210;
const BASE = `http://localhost:${PORT}`;
const api = '/work/main/apps/api/src';
const ADMIN = { email: 'admin@e2e.example.com', password: 'admin passphrase for e2e' };
const chromium = { executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] };
export default defineConfig({
  testDir: `${E2E}/tests`,
  testMatch: /(add-property|user-area)-.*\.spec\.ts/,
  outputDir: '/tmp/pw-mine-results',
  workers: 2,
  fullyParallel: true,
  reporter: [['line']],
  use: { baseURL: BASE, trace: 'retain-on-failure', launchOptions: chromium },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, launchOptions: chromium } },
  ],
  webServer: {
    command: `node ${api}/cli/seed.ts --email ${ADMIN.email} --password '${ADMIN.password}' --admin && node ${api}/server.ts`,
    url: `${BASE}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: { NODE_ENV: 'test', PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: BASE, DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-e2e-mine-')), DATABASE_URL: '', SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret', LOG_LEVEL: 'warn', SIGNUPS_PER_HOUR: '1000', MAP_TILE_URL: 'none' },
  },
});
