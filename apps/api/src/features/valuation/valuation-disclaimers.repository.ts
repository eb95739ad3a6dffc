import { auditLog, type Db, type NewAuditEntry, users, valuationDisclaimers } from '@lantern/db';
import { eq } from 'drizzle-orm';

/** A state's wording as staff set it, with who set it. */
export interface StoredDisclaimer {
  state: string;
  text: string;
  updatedAt: Date;
  updatedByName: string | null;
  updatedByEmail: string | null;
}

const columns = {
  state: valuationDisclaimers.state,
  text: valuationDisclaimers.text,
  updatedAt: valuationDisclaimers.updatedAt,
  updatedByName: users.name,
  updatedByEmail: users.email,
};

/**
 * Valuation disclaimers per state (docs/decisions/062): a state without a row carries our
 * default wording, so setting it back to the default deletes the row.
 */
export function createValuationDisclaimerRepository(db: Db) {
  return {
    async all(): Promise<StoredDisclaimer[]> {
      return db
        .select(columns)
        .from(valuationDisclaimers)
        .leftJoin(users, eq(users.id, valuationDisclaimers.updatedBy));
    },

    /** The state's own wording, or undefined when it has none. */
    async textOf(state: string): Promise<string | undefined> {
      const [row] = await db
        .select({ text: valuationDisclaimers.text })
        .from(valuationDisclaimers)
        .where(eq(valuationDisclaimers.state, state));
      return row?.text;
    },

    /**
     * Set a state's wording (null: back to the default) in one transaction under the row's lock,
     * with its activity-log entry. Answers the wording before and the row after (undefined when
     * the state now has the default).
     */
    async set(
      state: string,
      text: string | null,
      userId: number,
      auditOf: (before: string | null, after: string | null) => NewAuditEntry,
    ): Promise<{ before: string | null; after: StoredDisclaimer | undefined }> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ text: valuationDisclaimers.text })
          .from(valuationDisclaimers)
          .where(eq(valuationDisclaimers.state, state))
          .for('update');
        if (text === null) {
          await tx.delete(valuationDisclaimers).where(eq(valuationDisclaimers.state, state));
        } else {
          const now = new Date();
          await tx
            .insert(valuationDisclaimers)
            .values({ state, text, updatedAt: now, updatedBy: userId })
            .onConflictDoUpdate({
              target: valuationDisclaimers.state,
              set: { text, updatedAt: now, updatedBy: userId },
            });
        }
        await tx.insert(auditLog).values(auditOf(before?.text ?? null, text));
        const [after] = await tx
          .select(columns)
          .from(valuationDisclaimers)
          .leftJoin(users, eq(users.id, valuationDisclaimers.updatedBy))
          .where(eq(valuationDisclaimers.state, state));
        return { before: before?.text ?? null, after };
      });
    },
  };
}
export type ValuationDisclaimerRepository = ReturnType<typeof createValuationDisclaimerRepository>;
