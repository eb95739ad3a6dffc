// `pnpm db:seed -- --email you@example.com --password '…' [--role KEY] [--vendor-kind KIND]…`
// Creates (or updates) an account, e.g. a staff account to try /admin locally. `--admin` is
// `--role owner` and `--vendor` is `--vendor-kind agent`. Uses the same configuration as the
// server (DATABASE_URL or DATA_DIR).
import { parseArgs } from 'node:util';
import { OWNER_ROLE, PASSWORD_MIN } from '@lantern/contracts';
import { migrate } from '@lantern/db';
import { upsertUser } from '@lantern/db/seed';
import { loadConfig } from '../env.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { openDatabase } from './open-database.ts';

// pnpm hands the `--` of `pnpm db:seed -- --email …` on to the script; parseArgs would take
// everything after it for positional arguments.
const args = process.argv.slice(2);
const { values } = parseArgs({
  args: args[0] === '--' ? args.slice(1) : args,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    'vendor-kind': { type: 'string', multiple: true },
    admin: { type: 'boolean', default: false },
    vendor: { type: 'boolean', default: false },
  },
});
if (!values.email || !values.password || values.password.length < PASSWORD_MIN) {
  console.error(
    `Usage: pnpm db:seed -- --email EMAIL --password PASSWORD(${PASSWORD_MIN}+ chars) [--role KEY | --admin] [--vendor-kind KIND… | --vendor]`,
  );
  process.exit(2);
}
const { config } = loadConfig();
const database = await openDatabase(config, 'pnpm db:seed');
await migrate(database);
const role = values.role ?? (values.admin ? OWNER_ROLE : undefined);
const vendorKinds = [...(values['vendor-kind'] ?? []), ...(values.vendor ? ['agent'] : [])];
const user = await upsertUser(database.db, {
  email: values.email,
  passwordHash: await hashPassword(values.password),
  role,
  vendorKinds,
});
await database.close();
console.log(
  `Seeded ${user.email} (staff role: ${role ?? 'none'}, vendor kinds: ${vendorKinds.join(', ') || 'none'}).`,
);
