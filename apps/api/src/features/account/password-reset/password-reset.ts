import {
  emailedLink,
  PASSWORD_RESET_PATHS,
  PASSWORD_RESET_PIN_FAILURES,
  PASSWORD_RESET_PIN_TTL_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
} from '@lantern/contracts';
import type { Commit } from '@lantern/db';
import { PATHS } from '@lantern/domain';
import type { UserRepository } from '../../auth/users.repository.ts';
import { type BrandData, passwordChanged, passwordResetLink } from '../../mail/index.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { TextOptedOutError, type TextService } from '../../texts/texts.ts';
import type { PasswordResetRepository } from '../password-resets.repository.ts';
import {
  type CodeOutcome,
  createCodeHasher,
  type PhoneService,
  sixDigits,
} from '../phone/phone.ts';
import { newSplitToken, parseSplitToken, verifierMatches } from './tokens.ts';

export const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

export interface PasswordResetDeps {
  resets: PasswordResetRepository;
  users: UserRepository;
  outbox: Outbox;
  brand: BrandData;
  phones: PhoneService;
  texts: Pick<TextService, 'send'>;
  secret: string;
}

/** Password reset by emailed link, or by texted PIN (issue 8). */
export function createPasswordResetService({
  resets,
  users: userRepo,
  outbox,
  brand,
  phones,
  texts,
  secret,
}: PasswordResetDeps) {
  const pins = createCodeHasher(secret);
  const pinPurpose = (selector: string) => `reset-pin:${selector}`;

  /**
   * Reset PIN: six digits by text to the account's verified phone. An account without one, or
   * whose phone opted out of our texts, gets the emailed link instead, so the answer never
   * depends on the account.
   */
  async function requestPin(email: string, commit: Commit): Promise<void> {
    const user = await userRepo.findByEmail(email);
    const phone = user ? await phones.verifiedPhone(user.id) : null;
    if (!user || !phone) return commit(() => request(email));
    const pin = sixDigits();
    const { selector } = newSplitToken();
    // Twilio is an outside service: the PIN is texted first, then saved with the request's
    // activity row. A save that fails leaves a PIN that opens nothing; the person asks again.
    try {
      await texts.send({
        to: phone,
        kind: 'reset_pin',
        body: `${pin} is your ${brand.siteName} password reset PIN. It works for ${PASSWORD_RESET_PIN_TTL_MINUTES} minutes. If you did not ask for it, ignore this text.`,
        secret: pin,
        userId: user.id,
      });
    } catch (err) {
      if (!(err instanceof TextOptedOutError)) throw err;
      return commit(() => request(email));
    }
    await commit(() =>
      resets.replace(user.id, {
        kind: 'pin',
        selector,
        verifierHash: pins.hash(pinPurpose(selector), pin),
        ttlMs: PASSWORD_RESET_PIN_TTL_MINUTES * 60_000,
      }),
    );
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
    const row = await resets.newestUnusedPin(user.id);
    if (!row) return { outcome: 'wrong' };
    if (row.expiresAt.getTime() <= Date.now()) return { outcome: 'void' };
    if (pins.matches(pinPurpose(row.selector), pin, row.verifierHash)) {
      return { outcome: 'ok', resetId: row.id, userId: user.id };
    }
    const failures = await resets.countPinFailure(row.id, PASSWORD_RESET_PIN_FAILURES);
    return {
      outcome: failures === null || failures >= PASSWORD_RESET_PIN_FAILURES ? 'void' : 'wrong',
    };
  }

  /** Emails a fresh link when the address has an account; silently does nothing otherwise. */
  async function request(email: string): Promise<void> {
    const user = await userRepo.findByEmail(email);
    if (!user) return;
    const { selector, verifierHash, token } = newSplitToken();
    await resets.replace(user.id, {
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
    const row = await resets.findLiveLink(parts.selector);
    if (!row || !verifierMatches(parts.verifier, row.verifierHash)) return null;
    return { resetId: row.id, userId: row.userId };
  }

  /** Marks the reset used and stores the new hash; two simultaneous submits succeed at most once. */
  const consume = (resetId: number, userId: number, passwordHash: string) =>
    resets.consume(resetId, userId, passwordHash);

  async function notifyChanged(email: string): Promise<void> {
    await outbox.enqueue({
      to: email,
      ...passwordChanged(brand, { loginUrl: `${brand.publicUrl}${PATHS.login}` }),
    });
  }

  return { request, requestPin, check, checkPin, consume, notifyChanged };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
