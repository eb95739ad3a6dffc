import { type Db, type MortgageRateRow, mortgageRates, users } from '@lantern/db';
import { desc, eq } from 'drizzle-orm';

/** A rate as staff set it, with who set it (null once that account is gone). */
export interface StoredMortgageRate extends Omit<MortgageRateRow, 'createdBy'> {
  setByName: string | null;
  setByEmail: string | null;
}

export type NewMortgageRate = Pick<
  MortgageRateRow,
  'rateThousandths' | 'asOf' | 'source' | 'sourceUrl' | 'createdBy'
>;

const columns = {
  id: mortgageRates.id,
  rateThousandths: mortgageRates.rateThousandths,
  asOf: mortgageRates.asOf,
  source: mortgageRates.source,
  sourceUrl: mortgageRates.sourceUrl,
  createdAt: mortgageRates.createdAt,
  setByName: users.name,
  setByEmail: users.email,
};

/**
 * The mortgage rates staff set (docs/decisions/090): only ever added, the newest (highest id)
 * being the current one.
 */
export function createMortgageRateRepository(db: Db) {
  const newestFirst = () =>
    db
      .select(columns)
      .from(mortgageRates)
      .leftJoin(users, eq(users.id, mortgageRates.createdBy))
      .orderBy(desc(mortgageRates.id));
  return {
    /** The newest `limit` rates, newest first. */
    newest(limit: number): Promise<StoredMortgageRate[]> {
      return newestFirst().limit(limit);
    },

    /** The current rate, or undefined while none has been set. */
    async current(): Promise<StoredMortgageRate | undefined> {
      const [row] = await newestFirst().limit(1);
      return row;
    },

    async add(fields: NewMortgageRate): Promise<StoredMortgageRate> {
      const [made] = await db.insert(mortgageRates).values(fields).returning();
      if (!made) throw new Error('mortgage rate not written');
      const [row] = await db
        .select(columns)
        .from(mortgageRates)
        .leftJoin(users, eq(users.id, mortgageRates.createdBy))
        .where(eq(mortgageRates.id, made.id));
      if (!row) throw new Error('mortgage rate not read back');
      return row;
    },
  };
}
export type MortgageRateRepository = ReturnType<typeof createMortgageRateRepository>;
