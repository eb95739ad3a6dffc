import type { TSalePriceDisplay } from '@lantern/contracts';
import type { NewAuditEntry } from '@lantern/db';
import { todayUtc } from '@lantern/domain';
import type { ClosedSale } from '@lantern/valuation';
import type { MlsReplicationConfig } from './config.ts';
import type { MlsReplicationRepository, SkippedRecord } from './mls-replication.repository.ts';
import { type ResoClient, ResoError } from './reso-client.ts';
import { readRecord } from './reso-record.ts';

/**
 * Replicating an MLS's closed sales (issue 49; docs/decisions/097-mls-replication.md): Property
 * records modified since the cursor, page by page, each page stored with the cursor and the next
 * link in one transaction, so a run that stops resumes where it was. Closed records become
 * sales; a record of any other status removes its key's sale (the sale fell through); a
 * malformed record is skipped and reported, never fatal.
 */
export const MLS_REPLICATION_JOB = 'mls.replication';
/** Records asked for per page. */
export const PAGE_SIZE = 200;
/** Skipped records kept on the row (the count is whole). */
export const SKIPPED_KEPT = 20;
/** A run stops after the page that passes this, so it ends inside the job's 5-minute lease. */
export const RUN_BUDGET_MS = 4 * 60_000;

export interface MlsReplicationDeps {
  config: Pick<MlsReplicationConfig, 'source' | 'attribution' | 'otherStatuses' | 'modelOnly'>;
  repo: MlsReplicationRepository;
  client: ResoClient;
  runBudgetMs?: number;
  today?: () => string;
  now?: () => number;
}

export interface RunCounts {
  read: number;
  stored: number;
  removed: number;
  skipped: number;
}
/** done: nothing more to read; paused: the budget ran out, the next run goes on from the link. */
export type RunOutcome =
  | { status: 'busy' }
  | ({ status: 'done' | 'paused' | 'failed'; error: string | null } & RunCounts);

type Cursor = { at: Date; key: string } | null;

/**
 * The MLS refused a next link as no longer valid (expired, or its paging changed since it was
 * stored): a 400, 404 or 410. A 401 renews the token and a 429 waits, in the client.
 */
const linkRefused = (err: unknown) =>
  err instanceof ResoError && (err.status === 400 || err.status === 404 || err.status === 410);

/** The newer of two cursors, by timestamp then key (the order the pages come in). */
function later(a: Cursor, b: Cursor): Cursor {
  if (!a || !b) return a ?? b;
  const t = a.at.getTime() - b.at.getTime();
  return t > 0 || (t === 0 && a.key > b.key) ? a : b;
}

/** A page's records sorted into sales by display right, gone keys and skipped ones. */
export function sortPage(records: readonly unknown[], modelOnly: boolean, cursor: Cursor) {
  // The last record of a key decides (a page could hold one twice).
  const byKey = new Map<string, { sale: ClosedSale; display: TSalePriceDisplay } | null>();
  const skipped: SkippedRecord[] = [];
  let newest = cursor;
  for (const raw of records) {
    const r = readRecord(raw, modelOnly);
    if (r.modified && r.key) newest = later(newest, { at: r.modified, key: r.key });
    if (r.kind === 'skipped') skipped.push({ key: r.key, reason: r.reason });
    else byKey.set(r.key, r.kind === 'closed' ? { sale: r.sale, display: r.priceDisplay } : null);
  }
  const kept = [...byKey.values()].filter((v) => v !== null);
  const byDisplay = (d: TSalePriceDisplay) =>
    kept.filter((k) => k.display === d).map((k) => k.sale);
  return {
    public: byDisplay('public'),
    modelOnly: byDisplay('model_only'),
    gone: [...byKey].filter(([, v]) => v === null).map(([k]) => k),
    skipped,
    cursor: newest,
  };
}

/** The run's activity entry: written when it changed the store or failed, not for empty runs. */
function auditOf(
  source: string,
  trigger: string,
  counts: RunCounts,
  error: string | null,
): NewAuditEntry | null {
  if (!error && counts.stored === 0 && counts.removed === 0 && counts.skipped === 0) return null;
  return {
    actorKind: 'system',
    method: trigger === 'cli' ? 'CLI' : 'JOB',
    url: trigger === 'cli' ? 'cli:mls:replicate' : `job:${MLS_REPLICATION_JOB}`,
    action: 'sales.mls.replicated',
    recordType: 'mls_replication',
    recordId: source,
    before: null,
    after: { source, ...counts, error },
    status: error ? 502 : 200,
  };
}

export function createMlsReplication(deps: MlsReplicationDeps) {
  const { config, repo, client } = deps;
  const today = deps.today ?? todayUtc;
  const now = deps.now ?? Date.now;
  const budget = deps.runBudgetMs ?? RUN_BUDGET_MS;
  const statuses = ['Closed', ...config.otherStatuses.filter((s) => s !== 'Closed')];
  const rights = (priceDisplay: TSalePriceDisplay) => ({
    source: config.source,
    priceDisplay,
    attribution: config.attribution,
  });

  /** Read pages from `url` on, storing each; the run's counts, and whether it paused. */
  async function pages(url: string, cursor: Cursor, counts: RunCounts): Promise<boolean> {
    const started = now();
    const skippedList: SkippedRecord[] = [];
    let next: string | null = url;
    while (next) {
      const page = await client.page(next);
      const sorted = sortPage(page.records, config.modelOnly, cursor);
      for (const s of sorted.skipped) if (skippedList.length < SKIPPED_KEPT) skippedList.push(s);
      const saved = await repo.savePage({
        source: config.source,
        today: today(),
        groups: [
          { rights: rights('public'), sales: sorted.public },
          { rights: rights('model_only'), sales: sorted.modelOnly },
        ],
        gone: sorted.gone,
        cursor: sorted.cursor,
        nextLink: page.nextLink,
        read: page.records.length,
        skipped: sorted.skipped.length,
        skippedList,
      });
      cursor = sorted.cursor;
      counts.read += page.records.length;
      counts.stored += saved.written;
      counts.removed += saved.removed;
      counts.skipped += sorted.skipped.length;
      next = page.nextLink;
      if (next && now() - started >= budget) return true;
    }
    return false;
  }

  return {
    source: config.source,
    /**
     * One run: from the next link a stopped run left (from the cursor when the MLS refuses that
     * link as expired), else from the cursor. A network failure or
     * an MLS error ends it with the error recorded; the pages stored before it stay.
     */
    async run(trigger: 'job' | 'cli' = 'job'): Promise<RunOutcome> {
      const state = await repo.begin(config.source, 2 * budget);
      if (!state) return { status: 'busy' };
      const cursor =
        state.cursorTimestamp && state.cursorKey !== null
          ? { at: state.cursorTimestamp, key: state.cursorKey }
          : null;
      const fromCursor = () => client.firstPageUrl({ statuses, after: cursor, top: PAGE_SIZE });
      const counts: RunCounts = { read: 0, stored: 0, removed: 0, skipped: 0 };
      let error: string | null = null;
      let paused = false;
      try {
        try {
          paused = await pages(state.nextLink ?? fromCursor(), cursor, counts);
        } catch (err) {
          // A link stored by an earlier run may have expired; every stored page also stored the
          // cursor, so asking from it again loses nothing. A link of this run's is not retried.
          if (!state.nextLink || counts.read > 0 || !linkRefused(err)) throw err;
          paused = await pages(fromCursor(), cursor, counts);
        }
      } catch (err) {
        // Recorded on the row either way; the next run goes on from the last page stored.
        const message =
          err instanceof ResoError ? err.message : `The run stopped: ${(err as Error).message}`;
        error = message.slice(0, 500);
      }
      await repo.finish(config.source, error, auditOf(config.source, trigger, counts, error));
      return { status: error ? 'failed' : paused ? 'paused' : 'done', error, ...counts };
    },
  };
}
export type MlsReplication = ReturnType<typeof createMlsReplication>;
