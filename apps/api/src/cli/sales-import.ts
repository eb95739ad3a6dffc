// `pnpm sales:import FILE --source NAME --attribution TEXT [--display public|model_only]`
// Imports a CSV of closed sales (RESO names or the county-records layout) the way Admin → Sales
// data does, through the same service: every line checked first, then all stored in one
// transaction or none (docs/decisions/058). Uses the server's configuration (DATABASE_URL or
// DATA_DIR). Exit code 0 when stored, 1 when lines were refused or the import failed, 2 on usage.
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ZSalesImportQuerySchema } from '@lantern/contracts';
import { migrate } from '@lantern/db';
import { loadConfig } from '../env.ts';
import { createClosedSaleRepository } from '../features/sales/closed-sales.repository.ts';
import { createSalesImportService } from '../features/sales/sales-import.ts';
import { createSalesImportRepository } from '../features/sales/sales-imports.repository.ts';
import { openDatabase } from './open-database.ts';

const USAGE =
  'Usage: pnpm sales:import FILE --source NAME --attribution TEXT [--display public|model_only]';
const args = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: args[0] === '--' ? args.slice(1) : args,
  allowPositionals: true,
  options: {
    source: { type: 'string' },
    attribution: { type: 'string' },
    display: { type: 'string', default: 'model_only' },
  },
});
const file = positionals[0];
const choices = ZSalesImportQuerySchema.safeParse({
  name: values.source,
  attribution: values.attribution,
  priceDisplay: values.display,
});
if (!file || positionals.length > 1 || !choices.success) {
  for (const issue of choices.error?.issues ?? []) console.error(`${issue.path}: ${issue.message}`);
  console.error(USAGE);
  process.exit(2);
}
// pnpm runs root scripts from the workspace root; a relative FILE is the caller's.
const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);

const { config } = loadConfig();
const database = await openDatabase(config, 'pnpm sales:import');
let code = 0;
try {
  await migrate(database);
  const service = createSalesImportService({
    imports: createSalesImportRepository(database.db, createClosedSaleRepository(database.db)),
    // The command line reads its file directly: no storage and no job.
    storage: {
      put: () => Promise.reject(new Error('no storage on the command line')),
      get: async () => null,
      delete: async () => undefined,
    },
    jobs: { enqueue: () => Promise.reject(new Error('no jobs on the command line')) },
  });
  const started = Date.now();
  const done = await service.importFile(path, choices.data, () => createReadStream(path));
  for (const r of done.refusals) console.error(`line ${r.line}: ${r.reason}`);
  if (done.refused > done.refusals.length)
    console.error(`… and ${done.refused - done.refusals.length} more refused lines.`);
  if (done.error) console.error(done.error);
  console.log(
    JSON.stringify({
      import: done.hash,
      source: done.source,
      status: done.status,
      linesRead: done.linesRead,
      stored: done.stored,
      alreadyStored: done.alreadyStored,
      refused: done.refused,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    }),
  );
  code = done.status === 'done' ? 0 : 1;
} finally {
  await database.close();
}
process.exit(code);
