import { defineProject } from 'vitest/config';

/*
 * Logic (sidebar rules, the realtime client) as .test.ts in node; components whose logic is ours
 * (the MLS listing's steps, counter and uploader) as .test.tsx in jsdom. Whole pages are tested in
 * a real browser (e2e).
 */
export default defineProject({
  test: {
    name: '@lantern/dashboard',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../vitest.setup.ts', './vitest.setup.ts'],
    testTimeout: 30_000,
  },
});
