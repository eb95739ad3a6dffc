import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  SALES_IMPORT_FINISHED,
  SALES_IMPORT_MAX_MB,
  SALES_IMPORT_REFUSALS_KEPT,
  SALES_TEXTS,
  type TSalePriceDisplay,
  type TSalesImport,
  withoutControlCharacters,
} from '@lantern/contracts';
import type { NewAuditEntry, SalesImport } from '@lantern/db';
import { todayUtc } from '@lantern/domain';
import type { ClosedSale } from '@lantern/valuation';
import { readSalesCsv, SalesCsvError, type SalesCsvLine } from '@lantern/valuation/sales-csv';
import type { JobRunner } from '../jobs/runner.ts';
import type { FileStorage } from '../storage/index.ts';
import { SALES_BATCH } from './closed-sales.repository.ts';
import type { SalesImportRepository, SalesImportRow } from './sales-imports.repository.ts';

/**
 * Importing a file of closed sales (issue 37; docs/decisions/058), for staff's upload (a
 * `sales.import` job reading the stored file) and the `pnpm sales:import` command alike.
 *
 * All or nothing, in two readings of the file: the first checks every line (progress on the
 * import's row every 1,000 lines, the first refused lines kept with their reasons); only when no
 * line is refused does the second store the sales, 1,000 at a time, in one transaction. Memory
 * stays bounded whatever the file's size.
 */
export const SALES_IMPORT_JOB = 'sales.import';
const PROGRESS_EVERY = 1_000;
const MAX_BYTES = SALES_IMPORT_MAX_MB * 1024 * 1024;

export interface SalesImportDeps {
  imports: SalesImportRepository;
  storage: Pick<FileStorage, 'put' | 'get' | 'delete'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  today?: () => string;
}

export interface ImportChoices {
  /** The source's name (`file:<name>`); the file's name when not given. */
  name?: string | undefined;
  attribution: string;
  priceDisplay: TSalePriceDisplay;
}

export type Upload = { filename: string; file: Readable };
type Opener = () => AsyncIterable<string | Uint8Array>;
type Outcome =
  | { ok: true; value: TSalesImport }
  | { ok: false; status: 422; message: string; errors: Record<string, string[]> };

/** The file's own name, made a source name: letters, digits, dots, dashes, underscores. */
export function sourceName(choices: ImportChoices, fileName: string): string {
  const base = choices.name ?? fileName.replace(/\.[^.]*$/, '');
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `file:${(cleaned || 'sales').slice(0, 60)}`;
}

export function importView(row: SalesImportRow | (SalesImport & { createdByEmail?: null })) {
  return {
    hash: row.hash,
    source: row.source,
    fileName: row.fileName,
    attribution: row.attribution,
    priceDisplay: row.priceDisplay,
    status: row.status,
    linesRead: row.linesRead,
    stored: row.stored,
    alreadyStored: row.alreadyStored,
    refused: row.refused,
    refusals: row.refusals as { line: number; reason: string }[],
    error: row.error,
    createdBy: row.createdByEmail ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  } satisfies TSalesImport;
}

/** The checked file's sales again, in batches; a line refused now (it was not before) throws. */
async function* batchesOf(lines: AsyncIterable<SalesCsvLine>): AsyncGenerator<ClosedSale[]> {
  let batch: ClosedSale[] = [];
  for await (const line of lines) {
    if ('error' in line) throw new Error(`line ${line.line} changed between the two readings`);
    batch.push(line.sale);
    if (batch.length >= SALES_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** The first reading: every line checked, progress written as it goes. */
async function check(deps: SalesImportDeps, imp: SalesImport, open: Opener) {
  let linesRead = 0;
  let refused = 0;
  const refusals: { line: number; reason: string }[] = [];
  const refuse = (line: number, reason: string) => {
    refused++;
    if (refusals.length < SALES_IMPORT_REFUSALS_KEPT) refusals.push({ line, reason });
  };
  try {
    for await (const line of readSalesCsv(open())) {
      linesRead++;
      if ('error' in line) refuse(line.line, line.error);
      if (linesRead % PROGRESS_EVERY === 0)
        await deps.imports.progress(imp.id, { linesRead, refused, refusals });
    }
  } catch (err) {
    if (!(err instanceof SalesCsvError)) throw err;
    refuse(1, err.message);
  }
  return { linesRead, refused, refusals };
}

/** Check, then store when nothing was refused. Any other failure marks the import failed. */
async function run(deps: SalesImportDeps, imp: SalesImport, open: Opener): Promise<void> {
  const { imports } = deps;
  const today = deps.today ?? todayUtc;
  try {
    await imports.progress(imp.id, { status: 'checking' });
    const checked = await check(deps, imp, open);
    if (checked.refused > 0) {
      await imports.progress(imp.id, {
        ...checked,
        status: 'refused',
        finishedAt: new Date(),
        storageKey: null,
      });
      return;
    }
    await imports.progress(imp.id, { ...checked, status: 'storing' });
    await imports.store(imp, batchesOf(readSalesCsv(open())), today());
  } catch (err) {
    await imports.progress(imp.id, {
      status: 'failed',
      error: `The import stopped: ${(err as Error).message}`.slice(0, 500),
      finishedAt: new Date(),
      storageKey: null,
    });
  }
}

/** The activity entry of an import from the command line. */
const cliAudit = (r: SalesImport, fileName: string): NewAuditEntry => ({
  actorKind: 'system',
  method: 'CLI',
  url: 'cli:sales:import',
  action: 'sales.import',
  recordType: 'sales_import',
  recordId: r.hash,
  before: null,
  after: {
    source: r.source,
    fileName,
    attribution: r.attribution,
    priceDisplay: r.priceDisplay,
  },
  status: 200,
});

export function createSalesImportService(deps: SalesImportDeps) {
  const { imports, storage } = deps;
  return {
    /**
     * Staff's upload: the file streamed into storage (at most SALES_IMPORT_MAX_MB), the import's
     * row written with the person's activity entry, and the `sales.import` job queued.
     */
    async start(
      choices: ImportChoices,
      upload: Upload | undefined,
      createdBy: number,
      audit: (row: SalesImport) => NewAuditEntry,
    ): Promise<Outcome> {
      if (!upload)
        return {
          ok: false,
          status: 422,
          message: SALES_TEXTS.noFile,
          errors: { file: [SALES_TEXTS.noFile] },
        };
      const key = `sales-imports/${randomBytes(12).toString('hex')}.csv`;
      const bytes = await storage.put(key, upload.file, { contentType: 'text/csv' });
      if (bytes > MAX_BYTES || (upload.file as Readable & { truncated?: boolean }).truncated) {
        await storage.delete([key]);
        const message = SALES_TEXTS.tooLarge(SALES_IMPORT_MAX_MB);
        return { ok: false, status: 422, message, errors: { file: [message] } };
      }
      const fileName = withoutControlCharacters(upload.filename).slice(0, 200) || 'sales.csv';
      const row = await imports.create(
        {
          source: sourceName(choices, fileName),
          fileName,
          attribution: choices.attribution,
          priceDisplay: choices.priceDisplay,
          storageKey: key,
          createdBy,
        },
        audit,
      );
      await deps.jobs.enqueue(
        SALES_IMPORT_JOB,
        { id: row.id },
        { dedupeKey: `sales-import:${row.id}` },
      );
      return { ok: true, value: importView(row) };
    },

    /** The job: runs an import whose file is in storage, unless it already ended. */
    async runStored(id: number): Promise<void> {
      const imp = await imports.byId(id);
      if (!imp || SALES_IMPORT_FINISHED.includes(imp.status)) return;
      const key = imp.storageKey;
      if (!key) {
        await imports.progress(id, {
          status: 'failed',
          error: 'The file is gone.',
          finishedAt: new Date(),
        });
        return;
      }
      await run(deps, imp, async function* () {
        const stream = await storage.get(key);
        if (!stream) throw new Error('the uploaded file is gone');
        yield* stream as AsyncIterable<Uint8Array>;
      });
      await storage.delete([key]);
    },

    /** The command line: a local file, the same two readings, the same row and counts. */
    async importFile(path: string, choices: ImportChoices, open: Opener): Promise<TSalesImport> {
      const fileName = path.split(/[\\/]/).at(-1) ?? 'sales.csv';
      const row = await imports.create(
        {
          source: sourceName(choices, fileName),
          fileName,
          attribution: choices.attribution,
          priceDisplay: choices.priceDisplay,
          storageKey: null,
          createdBy: null,
        },
        (r) => cliAudit(r, fileName),
      );
      await run(deps, row, open);
      const done = await imports.byHash(row.hash);
      if (!done) throw new Error('sales import row missing');
      return importView(done);
    },

    async view(hash: string): Promise<TSalesImport | undefined> {
      const row = await imports.byHash(hash);
      return row && importView(row);
    },

    async recent(limit = 20): Promise<TSalesImport[]> {
      return (await imports.recent(limit)).map(importView);
    },
  };
}
export type SalesImportService = ReturnType<typeof createSalesImportService>;

/** Drain an upload nobody will read (a refused request), so the connection can go on. */
export async function drainUpload(upload: Upload | undefined): Promise<void> {
  if (!upload) return;
  upload.file.resume();
  await finished(upload.file).catch(() => undefined);
}
