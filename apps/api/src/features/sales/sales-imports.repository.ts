import type { TSalePriceDisplay, TSalesImportStatus } from '@lantern/contracts';
import {
  auditLog,
  type Db,
  type NewAuditEntry,
  newHash,
  type SalesImport,
  salesImports,
  users,
} from '@lantern/db';
import type { ClosedSale } from '@lantern/valuation';
import { desc, eq } from 'drizzle-orm';
import type { ClosedSaleRepository } from './closed-sales.repository.ts';

export interface NewSalesImport {
  source: string;
  fileName: string;
  attribution: string;
  priceDisplay: TSalePriceDisplay;
  storageKey: string | null;
  createdBy: number | null;
}

export interface SalesImportRow extends SalesImport {
  createdByEmail: string | null;
}

export type ImportProgress = Partial<
  Pick<
    SalesImport,
    'status' | 'linesRead' | 'refused' | 'refusals' | 'error' | 'finishedAt' | 'storageKey'
  >
>;

const columns = { row: salesImports, createdByEmail: users.email };

const withEmail = (r: { row: SalesImport; createdByEmail: string | null }) => ({
  ...r.row,
  createdByEmail: r.createdByEmail,
});

/** Imports made, read and moved along. */
function salesImportReads(db: Db) {
  return {
    /** A new import, with the activity entry of the person starting it, in one transaction. */
    async create(
      values: NewSalesImport,
      audit: ((row: SalesImport) => NewAuditEntry) | null,
    ): Promise<SalesImport> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(salesImports)
          .values({ ...values, hash: newHash() })
          .returning();
        if (!row) throw new Error('sales import not made');
        if (audit) await tx.insert(auditLog).values(audit(row));
        return row;
      });
    },

    async byId(id: number): Promise<SalesImport | undefined> {
      const [row] = await db.select().from(salesImports).where(eq(salesImports.id, id));
      return row;
    },

    async byHash(hash: string): Promise<SalesImportRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(salesImports)
        .leftJoin(users, eq(users.id, salesImports.createdBy))
        .where(eq(salesImports.hash, hash));
      return row && withEmail(row);
    },

    async recent(limit: number): Promise<SalesImportRow[]> {
      const rows = await db
        .select(columns)
        .from(salesImports)
        .leftJoin(users, eq(users.id, salesImports.createdBy))
        .orderBy(desc(salesImports.id))
        .limit(limit);
      return rows.map(withEmail);
    },

    /** Progress while the file is checked (outside any transaction, so the page sees it). */
    async progress(id: number, patch: ImportProgress): Promise<void> {
      await db.update(salesImports).set(patch).where(eq(salesImports.id, id));
    },
  };
}

/** Storing a checked file's sales with the import's end. */
function salesImportStore(db: Db, sales: ClosedSaleRepository) {
  return {
    /**
     * Store a checked file's sales, batch by batch, in one transaction: the sales, the import
     * marked done with its counts, the coverage of the ZIPs it touched and a `system` activity
     * entry. A throw from `batches` (a line refused on the second reading) rolls all of it back.
     */
    async store(
      imp: SalesImport,
      batches: AsyncIterable<readonly ClosedSale[]>,
      today: string,
    ): Promise<{ stored: number; alreadyStored: number; linesRead: number }> {
      return db.transaction(async (tx) => {
        const rights = {
          source: imp.source,
          priceDisplay: imp.priceDisplay,
          attribution: imp.attribution,
          importId: imp.id,
        };
        const zips = new Set<string>();
        let stored = 0;
        let linesRead = 0;
        for await (const batch of batches) {
          linesRead += batch.length;
          stored += await sales.insertMany(batch, rights, tx);
          for (const s of batch) if (s.PostalCode) zips.add(s.PostalCode);
        }
        const counts = { stored, alreadyStored: linesRead - stored, linesRead };
        await tx
          .update(salesImports)
          .set({
            ...counts,
            status: 'done' satisfies TSalesImportStatus,
            finishedAt: new Date(),
            storageKey: null,
          })
          .where(eq(salesImports.id, imp.id));
        await sales.refreshCoverage(today, [...zips], tx);
        await tx.insert(auditLog).values({
          actorKind: 'system',
          method: 'JOB',
          url: 'job:sales.import',
          action: 'sales.import.stored',
          recordType: 'sales_import',
          recordId: imp.hash,
          before: null,
          after: { source: imp.source, ...counts },
          status: 200,
        });
        return counts;
      });
    },
  };
}

/**
 * The imports of sales files (issue 37; docs/decisions/058): their rows, progress, and the one
 * transaction that stores a checked file's sales with the import's end and its activity entry.
 */
export function createSalesImportRepository(db: Db, sales: ClosedSaleRepository) {
  return { ...salesImportReads(db), ...salesImportStore(db, sales) };
}
export type SalesImportRepository = ReturnType<typeof createSalesImportRepository>;
