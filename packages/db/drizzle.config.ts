import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  // New migrations are named by when they were made, so two branches never claim one number;
  // 0000–0052 keep their names (the journal, not the name, orders them).
  migrations: { prefix: 'timestamp' },
});
