import type { TSocialProvider } from '@lantern/contracts';
import { EmailTakenError, type UserRepository } from '../../auth/users.repository.ts';
import type { IdentityRepository } from '../identities.repository.ts';
import type { VerifiedIdentity } from './verify-id-token.ts';

export type ResolvedUser =
  | { ok: true; userId: number; outcome: 'signed-in' | 'linked' | 'created' }
  | { ok: false; reason: 'no-verified-email' };

/**
 * Who a verified identity signs in (issue 7): the user it is linked to; else, when the provider
 * vouches for the email, the account with that email (now linked); else a new account
 * (promoOptin false, no password). Without a verified email there is no one to sign in.
 */
export async function resolveUser(
  deps: { users: UserRepository; identities: IdentityRepository },
  provider: TSocialProvider,
  identity: VerifiedIdentity,
): Promise<ResolvedUser> {
  const { users, identities } = deps;
  const linkedTo = await identities.findUserId(provider, identity.subject);
  if (linkedTo !== undefined) return { ok: true, userId: linkedTo, outcome: 'signed-in' };
  const { email } = identity;
  if (!email || !identity.emailVerified) return { ok: false, reason: 'no-verified-email' };

  let outcome: 'linked' | 'created' = 'linked';
  let user = await users.findByEmail(email);
  if (!user) {
    try {
      user = await users.create({ email, passwordHash: null, promoOptin: false });
      outcome = 'created';
    } catch (err) {
      // Another request made the account meanwhile: link to it instead.
      if (!(err instanceof EmailTakenError)) throw err;
      user = await users.findByEmail(email);
      if (!user) throw err;
    }
  }
  const linked = await identities.link({
    provider,
    subject: identity.subject,
    userId: user.id,
    email,
  });
  if (!linked) {
    // The same identity was linked by a concurrent first sign-in; it wins.
    const winner = await identities.findUserId(provider, identity.subject);
    if (winner === undefined) throw new Error('identity link vanished');
    return { ok: true, userId: winner, outcome: 'signed-in' };
  }
  return { ok: true, userId: user.id, outcome };
}
