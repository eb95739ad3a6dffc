import { type Db, taxRates } from '@lantern/db';
import { eq } from 'drizzle-orm';

/** Sales tax per state (issue 17): a state without a row is taxed at 0. */
export function createTaxRateRepository(db: Db) {
  return {
    async all() {
      return db.select().from(taxRates);
    },
    /** Set a state's rate; answers the rate before (0 when none was set) and the row after. */
    async set(state: string, rateBasisPoints: number) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ bps: taxRates.rateBasisPoints })
          .from(taxRates)
          .where(eq(taxRates.state, state))
          .for('update');
        const now = new Date();
        const [after] = await tx
          .insert(taxRates)
          .values({ state, rateBasisPoints, updatedAt: now })
          .onConflictDoUpdate({ target: taxRates.state, set: { rateBasisPoints, updatedAt: now } })
          .returning();
        if (!after) throw new Error('tax rate upsert returned nothing');
        return { before: before?.bps ?? 0, after };
      });
    },
  };
}
export type TaxRateRepository = ReturnType<typeof createTaxRateRepository>;
