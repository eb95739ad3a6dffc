import { PASSWORD_RESET_PATHS, PASSWORD_RESET_TTL_MINUTES, PATHS } from '@lantern/contracts';
import { type Db, passwordResets, users } from '@lantern/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { UserRepository } from '../../repositories/users.ts';
import { type BrandData, passwordChanged, passwordResetLink } from '../mail/index.ts';
import type { Outbox } from '../mail/outbox.ts';
import { newSplitToken, parseSplitToken, verifierMatches } from './tokens.ts';

export const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

export interface PasswordResetDeps {
  db: Db;
  users: UserRepository;
  outbox: Outbox;
  brand: BrandData;
}

/** Password reset by emailed link (issue 8). */
export function createPasswordResetService({
  db,
  users: userRepo,
  outbox,
  brand,
}: PasswordResetDeps) {
  /** Emails a fresh link when the address has an account; silently does nothing otherwise. */
  async function request(email: string): Promise<void> {
    const user = await userRepo.findByEmail(email);
    if (!user) return;
    const { selector, verifierHash, token } = newSplitToken();
    await db.transaction(async (tx) => {
      // Only the newest link works: asking again voids the earlier ones.
      await tx
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      await tx.insert(passwordResets).values({
        userId: user.id,
        selector,
        verifierHash,
        expiresAt: sql`now() + ${`${RESET_TTL_MS} milliseconds`}::interval`,
      });
    });
    const resetUrl = `${brand.publicUrl}${PASSWORD_RESET_PATHS.link(token)}`;
    await outbox.enqueue({
      to: user.email,
      ...passwordResetLink(brand, { resetUrl, minutes: PASSWORD_RESET_TTL_MINUTES }),
    });
  }

  /** The user a live, unused, genuine token belongs to; null for anything else. */
  async function check(token: string): Promise<{ resetId: number; userId: number } | null> {
    const parts = parseSplitToken(token);
    if (!parts) return null;
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.selector, parts.selector),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      );
    if (!row || !verifierMatches(parts.verifier, row.verifierHash)) return null;
    return { resetId: row.id, userId: row.userId };
  }

  /**
   * Marks the link used and stores the new hash in one transaction; the conditional update makes
   * two simultaneous submits of one link succeed at most once.
   */
  async function consume(resetId: number, userId: number, passwordHash: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.id, resetId),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: passwordResets.id });
      if (!used.length) return false;
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      return true;
    });
  }

  async function notifyChanged(email: string): Promise<void> {
    await outbox.enqueue({
      to: email,
      ...passwordChanged(brand, { loginUrl: `${brand.publicUrl}${PATHS.login}` }),
    });
  }

  return { request, check, consume, notifyChanged };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
