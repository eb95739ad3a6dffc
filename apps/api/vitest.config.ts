import { defineProject } from 'vitest/config';

export default defineProject({
  // @lantern/api-client's own sources, not its dist: a test run needs no build first, and
  // the TypeScript checks resolve the same condition (tsconfig.base.json; decision 094).
  ssr: { resolve: { conditions: ['lantern-source', 'node', 'development|production'] } },
  test: {
    name: '@lantern/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../vitest.setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // One module graph per worker, not per file (the root config keeps the threads pool's workers):
    // importing the app took most of each file's time (docs/decisions/025-ci-time-budget.md). Safe
    // because every file builds its own app on its own database.
    pool: 'threads',
    poolOptions: { threads: { isolate: false } },
    // @fastify/autoload imports the route files itself: run it through Vitest too, so they share
    // one module graph with the tests (one class per error, one instance per module).
    server: { deps: { inline: [/@fastify\/autoload/] } },
    // Generous: each file starts its own database; a loaded 2-core machine makes that slow.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
