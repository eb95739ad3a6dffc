// `pnpm db:seed -- --email you@example.com --password '…' [--admin] [--vendor]`
// Creates (or updates) an account, e.g. a staff account to try /admin locally. Uses the same
// configuration as the server (DATABASE_URL or DATA_DIR).
import { parseArgs } from 'node:util';
import { PASSWORD_MIN } from '@lantern/contracts';
import { createDatabase, migrate } from '@lantern/db';
import { upsertUser } from '@lantern/db/seed';
import { loadConfig } from '../env.ts';
import { hashPassword } from '../services/passwords.ts';

// pnpm hands the `--` of `pnpm db:seed -- --email …` on to the script; parseArgs would take
// everything after it for positional arguments.
const args = process.argv.slice(2);
const { values } = parseArgs({
  args: args[0] === '--' ? args.slice(1) : args,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    admin: { type: 'boolean', default: false },
    vendor: { type: 'boolean', default: false },
  },
});
if (!values.email || !values.password || values.password.length < PASSWORD_MIN) {
  console.error(
    `Usage: pnpm db:seed -- --email EMAIL --password PASSWORD(${PASSWORD_MIN}+ chars) [--admin] [--vendor]`,
  );
  process.exit(2);
}
const { config } = loadConfig();
const database = await createDatabase({
  url: config.databaseUrl,
  dataDir: `${config.dataDir}/pglite`,
});
await migrate(database);
const user = await upsertUser(database.db, {
  email: values.email,
  passwordHash: await hashPassword(values.password),
  admin: values.admin,
  vendor: values.vendor,
});
await database.close();
console.log(`Seeded ${user.email} (admin: ${user.admin}, vendor: ${user.vendor}).`);
