import { randomBytes, randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_DIGITS,
  TWO_FACTOR_PERIOD_SECONDS,
} from '@lantern/contracts';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { keyedHash, sameSecret } from '../../../lib/keyed-hash.ts';
import type { TwoFactorRepository } from '../two-factor.repository.ts';
import { createSecretBox } from './secret-box.ts';

/** Codes from one step before or after the current one are accepted (clock drift). */
const WINDOW = 1;
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export class TwoFactorStateError extends Error {
  readonly reason: 'already-on' | 'not-started' | 'not-on';
  constructor(reason: 'already-on' | 'not-started' | 'not-on') {
    super(reason);
    this.name = 'TwoFactorStateError';
    this.reason = reason;
  }
}

export interface TwoFactorDeps {
  store: TwoFactorRepository;
  secret: string;
  issuer: string;
  now?: () => number;
}

/** `abcde-fghjk` → `abcdefghjk`: case, spaces and dashes do not matter when typing a code. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** The keys, the checks of a TOTP or recovery code, and new recovery codes. */
function twoFactorCodes({ store, secret, issuer, now = Date.now }: TwoFactorDeps) {
  const box = createSecretBox(secret);
  const keyed = (purpose: string, value: string) => keyedHash(secret, purpose, value);

  const totpFor = (base32: string, label = 'account') =>
    new TOTP({
      issuer,
      label,
      algorithm: 'SHA1',
      digits: TWO_FACTOR_DIGITS,
      period: TWO_FACTOR_PERIOD_SECONDS,
      secret: Secret.fromBase32(base32),
    });

  /**
   * The step a correct TOTP code belongs to, recorded so the same code cannot be used again;
   * null for a wrong or replayed code. The conditional update settles two racing submits.
   */
  async function acceptTotp(userId: number, sealed: string, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const timestamp = now();
    const delta = totpFor(box.open(sealed)).validate({ token: code, timestamp, window: WINDOW });
    if (delta === null) return false;
    const step = TOTP.counter({ period: TWO_FACTOR_PERIOD_SECONDS, timestamp }) + delta;
    return store.advanceStep(userId, step);
  }

  async function acceptRecoveryCode(userId: number, code: string): Promise<boolean> {
    const given = keyed('recovery', normalizeRecoveryCode(code));
    const unused = await store.unusedRecoveryCodes(userId);
    // Every unused code is compared, in constant time, whichever matches.
    let match: number | undefined;
    for (const c of unused) {
      if (sameSecret(c.codeHash, given)) match = c.id;
    }
    if (match === undefined) return false;
    return store.useRecoveryCode(match);
  }

  async function replaceRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await store.replaceRecoveryCodes(
      userId,
      codes.map((c) => keyed('recovery', normalizeRecoveryCode(c))),
    );
    return codes;
  }

  return { box, keyed, totpFor, acceptTotp, acceptRecoveryCode, replaceRecoveryCodes };
}

/** Enrolment, status and verification of a person's codes. */
function twoFactorAccount(store: TwoFactorDeps['store'], codes: ReturnType<typeof twoFactorCodes>) {
  const { box, totpFor, acceptTotp, acceptRecoveryCode, replaceRecoveryCodes } = codes;
  const row = (userId: number) => store.findSecret(userId);
  return {
    async isEnabled(userId: number): Promise<boolean> {
      const found = await row(userId);
      return Boolean(found?.confirmedAt);
    },

    async status(userId: number) {
      const found = await row(userId);
      const left = found?.confirmedAt ? await store.countUnusedRecoveryCodes(userId) : 0;
      return {
        enabled: Boolean(found?.confirmedAt),
        recoveryCodesLeft: left,
      };
    },

    /** A new secret waiting for its first code; starting again replaces an unconfirmed one. */
    async startSetup(userId: number, email: string) {
      const found = await row(userId);
      if (found?.confirmedAt) throw new TwoFactorStateError('already-on');
      const base32 = new Secret({ size: 20 }).base32;
      const sealed = box.seal(base32);
      await store.saveUnconfirmedSecret(userId, sealed);
      const otpauthUrl = totpFor(base32, email).toString();
      return { secret: base32, otpauthUrl, qrSvg: renderSVG(otpauthUrl) };
    },

    /** The first correct code turns two-factor sign-in on and yields the recovery codes. */
    async confirmSetup(userId: number, code: string): Promise<string[] | null> {
      const found = await row(userId);
      if (!found) throw new TwoFactorStateError('not-started');
      if (found.confirmedAt) throw new TwoFactorStateError('already-on');
      if (!(await acceptTotp(userId, found.secret, code.replace(/\s/g, '')))) return null;
      await store.confirmSecret(userId);
      return replaceRecoveryCodes(userId);
    },

    /** A current TOTP code or an unused recovery code (which is then used up). */
    async verify(userId: number, code: string): Promise<boolean> {
      const found = await row(userId);
      if (!found?.confirmedAt) return false;
      const compact = code.replace(/\s/g, '');
      if (/^\d{6}$/.test(compact)) return acceptTotp(userId, found.secret, compact);
      return acceptRecoveryCode(userId, compact);
    },
  };
}

/** Sign-ins waiting for their code. */
function twoFactorChallenges(
  store: TwoFactorDeps['store'],
  keyed: (purpose: string, value: string) => string,
) {
  return {
    disable: (userId: number) => store.removeAll(userId),

    /** A sign-in waiting for its code; the returned token goes in a cookie. */
    async createChallenge(userId: number, remember: boolean): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await store.createChallenge({
        id: keyed('challenge', token),
        userId,
        remember,
        minutes: TWO_FACTOR_CHALLENGE_MINUTES,
      });
      return token;
    },

    async findChallenge(token: string) {
      if (token.length !== 43) return undefined;
      return store.findLiveChallenge(keyed('challenge', token));
    },

    /** Count a wrong code; returns the failures so far. */
    challengeFailed: (id: string) => store.countChallengeFailure(id),

    /** Ends a waiting sign-in; true only for the one caller that actually removed it. */
    endChallenge: (id: string) => store.deleteChallenge(id),

    sweep: () => store.deleteExpiredChallenges(),
  };
}

/**
 * TOTP enrolment, verification, recovery codes and waiting sign-ins (issue 8;
 * docs/decisions/012-account-lifecycle.md).
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const codes = twoFactorCodes(deps);
  return {
    ...twoFactorAccount(deps.store, codes),
    ...twoFactorChallenges(deps.store, codes.keyed),
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
