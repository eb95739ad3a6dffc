// Creates and migrates a PGlite cluster in the folder given as the only argument, then exits:
// client.ts runs it in a child process on a folder's first use, so the memory that initdb and
// the first migrations leave behind goes with the child (docs/performance.md, "Memory").
import { migrate, pgliteDatabase } from '../client.ts';
import { openPglite } from '../pglite.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: create-pglite.ts <data folder>');
const database = pgliteDatabase(await openPglite(dataDir));
await migrate(database);
await database.close();
