import type { TSocialProvider } from '@lantern/contracts';
import { type Db, identities } from '@lantern/db';
import { and, eq } from 'drizzle-orm';

/** Social identities (provider + subject) and the user each one signs in. */
export function createIdentityRepository(db: Db) {
  return {
    async findUserId(provider: TSocialProvider, subject: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: identities.userId })
        .from(identities)
        .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
      return row?.userId;
    },
    /** Link an identity to a user; false when that identity was linked meanwhile (a race). */
    async link(input: {
      provider: TSocialProvider;
      subject: string;
      userId: number;
      email: string | undefined;
    }): Promise<boolean> {
      const rows = await db
        .insert(identities)
        .values({ ...input, email: input.email ?? null })
        .onConflictDoNothing({ target: [identities.provider, identities.subject] })
        .returning({ id: identities.id });
      return rows.length > 0;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
