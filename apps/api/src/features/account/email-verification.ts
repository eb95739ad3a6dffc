import {
  EMAIL_VERIFICATION_PATHS,
  EMAIL_VERIFICATION_TTL_DAYS,
  emailedLink,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { readSigned, signClaims } from '../../lib/keyed-hash.ts';
import type { UserRepository } from '../auth/users.repository.ts';
import { type BrandData, emailVerification } from '../mail/index.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { EmailVerificationRepository } from './email-verifications.repository.ts';

export const VERIFY_TTL_MS = EMAIL_VERIFICATION_TTL_DAYS * 24 * 60 * 60_000;

export interface EmailVerificationDeps {
  verifications: EmailVerificationRepository;
  users: Pick<UserRepository, 'findById'>;
  outbox: Outbox;
  secret: string;
  brand: BrandData;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => number;
}

/**
 * Email verification (issue 8). The link carries a signed `[userId, email, issuedAt]`: nothing
 * needs storing per link, and a link for an address the account no longer uses verifies nothing.
 */
export function createEmailVerificationService({
  verifications,
  users,
  outbox,
  secret,
  brand,
  log,
  now = Date.now,
}: EmailVerificationDeps) {
  const PURPOSE = 'email-verify';

  function tokenFor(userId: number, email: string): string {
    return signClaims(secret, PURPOSE, [userId, email, now()]);
  }

  function readToken(token: string): { userId: number; email: string } | null {
    const [userId, email, issuedAt] = readSigned(secret, PURPOSE, token) ?? [];
    if (typeof userId !== 'number' || typeof email !== 'string' || typeof issuedAt !== 'number')
      return null;
    if (issuedAt > now() + 60_000 || now() - issuedAt > VERIFY_TTL_MS) return null;
    return { userId, email };
  }

  const currentEmail = async (userId: number) => (await users.findById(userId))?.email;

  async function status(userId: number) {
    const email = await currentEmail(userId);
    const row = await verifications.find(userId);
    const verified = Boolean(
      email && row?.verifiedAt && row.email.toLowerCase() === email.toLowerCase(),
    );
    return { email: email ?? '', verified, sentAt: row?.sentAt ?? null };
  }

  const markVerified = (userId: number, email: string) =>
    verifications.markVerified(userId, email, new Date(now()));

  return {
    status,
    markVerified,

    /** Mail a fresh link to the account's current address. */
    async send(userId: number): Promise<void> {
      const email = await currentEmail(userId);
      if (!email) return;
      await verifications.markSent(userId, email, new Date(now()));
      const verifyUrl = emailedLink(
        brand.publicUrl,
        EMAIL_VERIFICATION_PATHS.verify,
        tokenFor(userId, email),
      );
      await outbox.enqueue({
        to: email,
        ...emailVerification(brand, { verifyUrl, days: EMAIL_VERIFICATION_TTL_DAYS }),
      });
    },

    /** For sign-up: a failure is logged and never fails the sign-up. */
    async sendQuietly(userId: number): Promise<void> {
      try {
        await this.send(userId);
      } catch (err) {
        log.error({ err }, 'verification email could not be queued');
      }
    },

    /** The user a genuine, unexpired link verifies, once its address is still theirs; else null. */
    async verify(token: string): Promise<number | null> {
      const claims = readToken(token);
      if (!claims) return null;
      const email = await currentEmail(claims.userId);
      if (!email || email.toLowerCase() !== claims.email.toLowerCase()) return null;
      await markVerified(claims.userId, email);
      return claims.userId;
    },

    /** A provider vouched for this address (social sign-in with a verified email). */
    async markVerifiedIfCurrent(userId: number, providerEmail: string): Promise<void> {
      const email = await currentEmail(userId);
      if (email && email.toLowerCase() === providerEmail.toLowerCase()) {
        const current = await status(userId);
        if (!current.verified) await markVerified(userId, email);
      }
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
