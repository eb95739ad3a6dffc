import { ACCOUNT_MESSAGES, MESSAGES, type TAccountSettings } from '@lantern/contracts';
import { isCommonPassword } from '@lantern/domain/common-passwords';
import type { CurrentUserService } from '../auth/current-user.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import { EmailTakenError, type User, type UserRepository } from '../auth/users.repository.ts';
import type { CrmSync } from '../crm/crm-sync.ts';
import { type BrandData, emailChangedNotice } from '../mail/index.ts';
import type { NewsletterService } from '../mail/newsletter/newsletter.ts';
import type { Outbox } from '../mail/outbox.ts';

/** A change refused, in the words shown under the field it is about. */
export type Refusal = { ok: false; field: 'email' | 'password' | 'currentPassword'; text: string };

/**
 * Account Settings' rules (issue 6; decision 011): what the page shows, and changing the email
 * and the password. The current password is checked (and throttled) by the route before these
 * run; these hold what must be true after.
 */
export function createAccountSettingsService(deps: {
  users: UserRepository;
  sessions: SessionService;
  currentUser: CurrentUserService;
  newsletter: NewsletterService;
  outbox: Pick<Outbox, 'send'>;
  brand: BrandData;
  crm: Pick<CrmSync, 'customerChanged'>;
}) {
  const { users, newsletter } = deps;
  return {
    /** The settings page for `user`, seen from session `sessionId`. */
    async settings(user: User, sessionId: string): Promise<TAccountSettings> {
      const subscription = await newsletter.find(user.email);
      return {
        name: user.name,
        email: user.email,
        phone: user.phone,
        hasPassword: !!user.passwordHash,
        promoOptin: user.promoOptin,
        newsletter: subscription?.status ?? 'none',
        otherSessions: await deps.sessions.countOthers(user.id, sessionId),
      };
    },

    /** Whether `user` may change the email to `email` at all (before the password is checked). */
    emailChangeRefusal(user: User, email: string): Refusal | null {
      if (!user.passwordHash) {
        return { ok: false, field: 'currentPassword', text: ACCOUNT_MESSAGES.noPassword };
      }
      if (email.toLowerCase() === user.email.toLowerCase()) {
        return { ok: false, field: 'email', text: ACCOUNT_MESSAGES.sameEmail };
      }
      return null;
    },

    /**
     * The new sign-in email: the newsletter subscription follows it, and the old address hears
     * of the change, so a taken-over account does not change hands silently.
     */
    async changeEmail(user: User, email: string): Promise<{ ok: true } | Refusal> {
      try {
        await users.updateEmail(user.id, email);
      } catch (err) {
        if (!(err instanceof EmailTakenError)) throw err;
        return { ok: false, field: 'email', text: MESSAGES.emailTaken };
      }
      await deps.currentUser.changed(user.id);
      await deps.crm.customerChanged(user.id);
      await newsletter.moveAddress(user.email, email);
      await deps.outbox.send({
        to: user.email,
        ...emailChangedNotice(deps.brand, { newEmail: email }),
      });
      return { ok: true };
    },

    /**
     * The new password: whoever knew the old one is signed out everywhere but here, and their
     * tabs hear Logout. Answers how many sessions ended.
     */
    async changePassword(
      user: User,
      password: string,
      keepSessionId: string,
    ): Promise<{ ok: true; ended: number } | Refusal> {
      if (isCommonPassword(password)) {
        return { ok: false, field: 'password', text: MESSAGES.passwordCommon };
      }
      await users.setPasswordHash(user.id, await hashPassword(password));
      const ended = await deps.sessions.endAllForUser(user.id, keepSessionId);
      return { ok: true, ended: ended.length };
    },

    /** News and offers, and the newsletter (on: the double opt-in; off: at once). */
    async setPreferences(user: User, prefs: { newsletter: boolean; promoOptin: boolean }) {
      await users.setPromoOptin(user.id, prefs.promoOptin);
      const subscription = await newsletter.find(user.email);
      const on = subscription?.status === 'pending' || subscription?.status === 'confirmed';
      if (prefs.newsletter && !on) await newsletter.subscribe(user.email, 'newsletter', user.id);
      if (!prefs.newsletter && on) await newsletter.unsubscribe(user.email);
    },
  };
}
export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
