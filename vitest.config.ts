import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web', 'apps/dashboard'],
    // The threads pool keeps its workers from file to file (a pool reads its options from the root
    // config only): the API project runs there, every other project in isolated forks.
    // docs/decisions/025-ci-time-budget.md.
    poolOptions: { threads: { isolate: false } },
  },
});
