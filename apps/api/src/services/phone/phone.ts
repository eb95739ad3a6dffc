import { randomInt } from 'node:crypto';
import { PHONE_CODE_FAILURES, PHONE_CODE_TTL_MINUTES } from '@lantern/contracts';
import { type Db, userPhones } from '@lantern/db';
import { eq, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { keyedHash, sameSecret } from '../../lib/keyed-hash.ts';
import type { TextSender } from '../texts/index.ts';

export type CodeOutcome = 'ok' | 'wrong' | 'void';

/** Six random digits, zero-padded: 000000–999999. */
export function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Keyed digests compared in constant time: a short code is never stored or compared as such. */
export function createCodeHasher(secret: string) {
  const hash = (purpose: string, value: string) => keyedHash(secret, purpose, value);
  return {
    hash,
    matches: (purpose: string, value: string, stored: string) =>
      sameSecret(hash(purpose, value), stored),
  };
}

/** The API re-checks numbers with libphonenumber's full metadata (the browser uses 'min'). */
export function isValidPhone(e164: string): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  return Boolean(parsed?.isValid() && parsed.number === e164);
}

export interface PhoneDeps {
  db: Db;
  texts: TextSender;
  secret: string;
  siteName: string;
}

/** Phone verification by a texted 6-digit code (issue 8). */
export function createPhoneService({ db, texts, secret, siteName }: PhoneDeps) {
  const codes = createCodeHasher(secret);
  const purpose = (userId: number, phone: string) => `phone:${userId}:${phone}`;

  async function row(userId: number) {
    const [found] = await db.select().from(userPhones).where(eq(userPhones.userId, userId));
    return found;
  }

  return {
    async status(userId: number) {
      const found = await row(userId);
      const live =
        found?.pendingPhone && found.codeExpiresAt && found.codeExpiresAt.getTime() > Date.now();
      return {
        phone: found?.verifiedAt ? found.phone : null,
        pendingPhone: live ? (found?.pendingPhone ?? null) : null,
      };
    },

    /** The verified number texts may go to, or null. */
    async verifiedPhone(userId: number): Promise<string | null> {
      const found = await row(userId);
      return found?.verifiedAt && found.phone ? found.phone : null;
    },

    /** Text a new code to `phone`; an earlier unverified code stops working. Throws TextSendError. */
    async start(userId: number, phone: string): Promise<void> {
      const code = sixDigits();
      const pending = {
        pendingPhone: phone,
        codeHash: codes.hash(purpose(userId, phone), code),
        codeExpiresAt: sql`now() + ${`${PHONE_CODE_TTL_MINUTES} minutes`}::interval`,
        codeFailures: 0,
      };
      await db
        .insert(userPhones)
        .values({ userId, ...pending })
        .onConflictDoUpdate({ target: userPhones.userId, set: pending });
      try {
        await texts.send({
          to: phone,
          body: `${code} is your ${siteName} verification code. It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
        });
      } catch (err) {
        await db
          .update(userPhones)
          .set({ pendingPhone: null, codeHash: null, codeExpiresAt: null })
          .where(eq(userPhones.userId, userId));
        throw err;
      }
    },

    /** Check a code; the fifth wrong one voids it. A right one makes the number the account's. */
    async verify(userId: number, code: string): Promise<CodeOutcome> {
      const found = await row(userId);
      if (
        !found?.pendingPhone ||
        !found.codeHash ||
        !found.codeExpiresAt ||
        found.codeExpiresAt.getTime() <= Date.now()
      ) {
        return 'void';
      }
      if (!codes.matches(purpose(userId, found.pendingPhone), code, found.codeHash)) {
        const failures = found.codeFailures + 1;
        const voided = failures >= PHONE_CODE_FAILURES;
        await db
          .update(userPhones)
          .set(
            voided
              ? { codeFailures: failures, pendingPhone: null, codeHash: null, codeExpiresAt: null }
              : { codeFailures: failures },
          )
          .where(eq(userPhones.userId, userId));
        return voided ? 'void' : 'wrong';
      }
      const updated = await db
        .update(userPhones)
        .set({
          phone: found.pendingPhone,
          verifiedAt: sql`now()`,
          pendingPhone: null,
          codeHash: null,
          codeExpiresAt: null,
          codeFailures: 0,
        })
        .where(sql`${userPhones.userId} = ${userId} and ${userPhones.codeHash} = ${found.codeHash}`)
        .returning({ userId: userPhones.userId });
      return updated.length ? 'ok' : 'void';
    },
  };
}
export type PhoneService = ReturnType<typeof createPhoneService>;
