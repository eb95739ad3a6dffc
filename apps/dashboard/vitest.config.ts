import { defineProject } from 'vitest/config';

// Pure logic only (sidebar rules, the realtime client); the UI is tested in a real browser (e2e).
export default defineProject({
  test: {
    name: '@lantern/dashboard',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../vitest.setup.ts'],
  },
});
