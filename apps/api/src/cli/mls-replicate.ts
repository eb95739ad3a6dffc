// `pnpm mls:replicate` — one run of the MLS replication by hand, as the `mls.replication` job
// does it (docs/decisions/097-mls-replication.md), with the server's configuration (MLS_RESO_*,
// DATABASE_URL or DATA_DIR). Exit code 0 when the run ended or paused at its time budget, 1 when
// it failed or another run holds the source, 2 when replication is not configured.
import { migrate } from '@lantern/db';
import { loadConfig } from '../env.ts';
import { createMlsReplicationRepository } from '../features/mls-replication/mls-replication.repository.ts';
import { createMlsReplication } from '../features/mls-replication/mls-replication.ts';
import { createResoClient } from '../features/mls-replication/reso-client.ts';
import { createClosedSaleRepository } from '../features/sales/closed-sales.repository.ts';
import { openDatabase } from './open-database.ts';

const { config } = loadConfig();
const mls = config.mlsReplication;
if (!mls) {
  console.error('MLS replication is off: set every MLS_RESO_* variable (docs/operations.md).');
  process.exit(2);
}
const database = await openDatabase(config, 'pnpm mls:replicate');
let code = 0;
try {
  await migrate(database);
  const replication = createMlsReplication({
    config: mls,
    repo: createMlsReplicationRepository(database.db, createClosedSaleRepository(database.db)),
    client: createResoClient(mls),
  });
  const outcome = await replication.run('cli');
  if (outcome.status === 'busy') console.error(`A run of ${mls.source} is going on already.`);
  console.log(JSON.stringify({ source: mls.source, ...outcome }));
  code = outcome.status === 'done' || outcome.status === 'paused' ? 0 : 1;
} finally {
  await database.close();
}
process.exit(code);
