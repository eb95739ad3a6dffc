import { randomInt } from 'node:crypto';
import { PHONE_CODE_FAILURES, PHONE_CODE_TTL_MINUTES } from '@lantern/contracts';
import type { Commit } from '@lantern/db';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { keyedHash, sameSecret } from '../../../lib/keyed-hash.ts';
import type { TextService } from '../../texts/texts.ts';
import type { PhoneRepository } from '../phones.repository.ts';

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
  phones: PhoneRepository;
  texts: Pick<TextService, 'send'>;
  secret: string;
  siteName: string;
}

/** Phone verification by a texted 6-digit code (issue 8). */
export function createPhoneService({ phones, texts, secret, siteName }: PhoneDeps) {
  const codes = createCodeHasher(secret);
  const purpose = (userId: number, phone: string) => `phone:${userId}:${phone}`;

  const row = (userId: number) => phones.find(userId);

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

    /**
     * Text a new code to `phone`; an earlier unverified code stops working. Throws TextSendError
     * when Twilio refuses it, TextOptedOutError when the number opted out of our texts.
     */
    async start(userId: number, phone: string, commit: Commit): Promise<void> {
      const code = sixDigits();
      const codeHash = codes.hash(purpose(userId, phone), code);
      // Twilio is an outside service: the code is texted first, then saved with the request's
      // activity row. A refused text saves nothing, and the earlier code is cleared as before.
      try {
        await texts.send({
          to: phone,
          kind: 'phone_verification',
          body: `${code} is your ${siteName} verification code. It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
          secret: code,
          userId,
        });
      } catch (err) {
        await phones.clearPending(userId);
        throw err;
      }
      await commit(() => phones.savePending(userId, phone, codeHash, PHONE_CODE_TTL_MINUTES));
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
        await phones.recordFailure(userId, failures, voided);
        return voided ? 'void' : 'wrong';
      }
      return (await phones.confirm(userId, found.pendingPhone, found.codeHash)) ? 'ok' : 'void';
    },
  };
}
export type PhoneService = ReturnType<typeof createPhoneService>;
