import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ui',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Typing with user-event in jsdom is CPU-bound: on a busy two-core machine a 25-character
    // entry has taken over 5 s. The limits are for hangs, not speed (speed is `pnpm bench`).
    testTimeout: 30_000,
    // Lets tokens.test.ts read tokens.css as text through `?raw`.
    css: { include: [/tokens\.css/] },
  },
});
