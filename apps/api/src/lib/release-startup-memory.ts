import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Start-up allocates far more than it keeps (loading drizzle-orm alone makes about 150 MB of
 * short-lived garbage, see docs/performance.md), and V8 grows its young generation to hold it
 * and keeps it grown while the server idles. One memory-reducing full collection once the app
 * is ready hands that memory back to the system (docs/decisions/014-memory-budget.md). V8 offers
 * that collection to scripts only through its `gc` extension, which a fresh context gets once
 * the flag is set.
 */
export function releaseStartupMemory(): void {
  setFlagsFromString('--expose-gc');
  try {
    const gc = runInNewContext('gc') as Gc;
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
