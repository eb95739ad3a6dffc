import {
  emailedLink,
  PASSWORD_RESET_PATHS,
  PASSWORD_RESET_PIN_FAILURES,
  PASSWORD_RESET_PIN_TTL_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  PATHS,
} from '@lantern/contracts';
import { type Db, passwordResets, users } from '@lantern/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { UserRepository } from '../../repositories/users.ts';
import { type BrandData, passwordChanged, passwordResetLink } from '../mail/index.ts';
import type { Outbox } from '../mail/outbox.ts';
import {
  type CodeOutcome,
  createCodeHasher,
  type PhoneService,
  sixDigits,
} from '../phone/phone.ts';
import type { TextSender } from '../texts/index.ts';
import { newSplitToken, parseSplitToken, verifierMatches } from './tokens.ts';

export const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

export interface PasswordResetDeps {
  db: Db;
  users: UserRepository;
  outbox: Outbox;
  brand: BrandData;
  phones: PhoneService;
  texts: TextSender;
  secret: string;
}

/** Password reset by emailed link, or by texted PIN (issue 8). */
export function createPasswordResetService({
  db,
  users: userRepo,
  outbox,
  brand,
  phones,
  texts,
  secret,
}: PasswordResetDeps) {
  const pins = createCodeHasher(secret);
  const pinPurpose = (selector: string) => `reset-pin:${selector}`;

  /** Only the newest link or PIN works: asking again voids the earlier ones. */
  async function replaceResets(
    userId: number,
    values: { kind: 'link' | 'pin'; selector: string; verifierHash: string; ttlMs: number },
  ): Promise<void> {
    const { ttlMs, ...rest } = values;
    await db.transaction(async (tx) => {
      await tx
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
      await tx.insert(passwordResets).values({
        userId,
        ...rest,
        expiresAt: sql`now() + ${`${ttlMs} milliseconds`}::interval`,
      });
    });
  }

  /**
   * Reset PIN: six digits by text to the account's verified phone. An account without one gets
   * the emailed link instead, so the answer never depends on the account.
   */
  async function requestPin(email: string): Promise<void> {
    const user = await userRepo.findByEmail(email);
    if (!user) return;
    const phone = await phones.verifiedPhone(user.id);
    if (!phone) return request(email);
    const pin = sixDigits();
    const { selector } = newSplitToken();
    await replaceResets(user.id, {
      kind: 'pin',
      selector,
      verifierHash: pins.hash(pinPurpose(selector), pin),
      ttlMs: PASSWORD_RESET_PIN_TTL_MINUTES * 60_000,
    });
    await texts.send({
      to: phone,
      body: `${pin} is your ${brand.siteName} password reset PIN. It works for ${PASSWORD_RESET_PIN_TTL_MINUTES} minutes. If you did not ask for it, ignore this text.`,
    });
  }

  /**
   * Check a texted PIN for an email. Unknown email, no PIN and a wrong PIN all answer `wrong`;
   * the fifth wrong PIN voids it.
   */
  async function checkPin(
    email: string,
    pin: string,
  ): Promise<
    { outcome: Exclude<CodeOutcome, 'ok'> } | { outcome: 'ok'; resetId: number; userId: number }
  > {
    const user = await userRepo.findByEmail(email);
    if (!user) return { outcome: 'wrong' };
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          eq(passwordResets.kind, 'pin'),
          isNull(passwordResets.usedAt),
        ),
      )
      .orderBy(desc(passwordResets.id))
      .limit(1);
    if (!row) return { outcome: 'wrong' };
    if (row.expiresAt.getTime() <= Date.now()) return { outcome: 'void' };
    if (pins.matches(pinPurpose(row.selector), pin, row.verifierHash)) {
      return { outcome: 'ok', resetId: row.id, userId: user.id };
    }
    const [counted] = await db
      .update(passwordResets)
      .set({
        failures: sql`${passwordResets.failures} + 1`,
        usedAt: sql`case when ${passwordResets.failures} + 1 >= ${PASSWORD_RESET_PIN_FAILURES} then now() else null end`,
      })
      .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
      .returning({ failures: passwordResets.failures });
    return {
      outcome: !counted || counted.failures >= PASSWORD_RESET_PIN_FAILURES ? 'void' : 'wrong',
    };
  }

  /** Emails a fresh link when the address has an account; silently does nothing otherwise. */
  async function request(email: string): Promise<void> {
    const user = await userRepo.findByEmail(email);
    if (!user) return;
    const { selector, verifierHash, token } = newSplitToken();
    await replaceResets(user.id, {
      kind: 'link',
      selector,
      verifierHash,
      ttlMs: RESET_TTL_MS,
    });
    const resetUrl = emailedLink(brand.publicUrl, PASSWORD_RESET_PATHS.resetPage, token);
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
          eq(passwordResets.kind, 'link'),
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

  return { request, requestPin, check, checkPin, consume, notifyChanged };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
