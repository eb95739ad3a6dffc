// drizzle-kit writes `"public".` into generated SQL. We strip it so the same migrations apply to
// whichever schema is first on the search_path: tests give each worker its own schema.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'migrations');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const path = join(dir, file);
  const sql = readFileSync(path, 'utf8');
  const next = sql.replaceAll('"public".', '');
  if (next !== sql) writeFileSync(path, next);
}
