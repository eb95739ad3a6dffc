import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@lantern/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
