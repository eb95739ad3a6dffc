import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ui',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Lets tokens.test.ts read tokens.css as text through `?raw`.
    css: { include: [/tokens\.css/] },
  },
});
