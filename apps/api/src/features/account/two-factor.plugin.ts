import {
  type TAuthSuccess,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_PATHS,
} from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AccountLockedError } from '../auth/auth.plugin.ts';
import { createTwoFactorService, type TwoFactorService } from './two-factor/two-factor.ts';

export const TWO_FACTOR_COOKIE = 'lantern_2fa';

declare module 'fastify' {
  interface FastifyInstance {
    twoFactor: TwoFactorService;
  }
  interface FastifyReply {
    /**
     * Every sign-in (password or social) ends here: a user with two-factor sign-in on gets a
     * waiting sign-in and is sent to the challenge page; anyone else is signed in at once.
     */
    completeSignIn(userId: number, remember: boolean): Promise<TAuthSuccess>;
    clearTwoFactorCookie(): FastifyReply;
  }
}

/** TOTP two-factor sign-in (issue 8; docs/decisions/012-account-lifecycle.md). */
export default fp(
  async (app) => {
    const service = createTwoFactorService({
      store: app.twoFactorRecords,
      secret: app.config.sessionSecret,
      issuer: app.config.siteName,
    });
    app.decorate('twoFactor', service);
    const cookieBase = {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: app.config.publicUrl.protocol === 'https:',
      path: TWO_FACTOR_PATHS.challenge,
    };

    app.decorateReply(
      'completeSignIn',
      async function (this: FastifyReply, userId: number, remember: boolean) {
        if (await app.users.isLocked(userId)) throw new AccountLockedError();
        if (!(await service.isEnabled(userId))) {
          await this.signIn(userId, remember);
          return { redirect: PATHS.dashboard };
        }
        // Remember me is carried by the waiting sign-in; it never skips the code.
        const token = await service.createChallenge(userId, remember);
        this.setCookie(TWO_FACTOR_COOKIE, token, {
          ...cookieBase,
          maxAge: TWO_FACTOR_CHALLENGE_MINUTES * 60,
        });
        return { redirect: TWO_FACTOR_PATHS.challenge, twoFactor: true };
      },
    );
    app.decorateReply('clearTwoFactorCookie', function (this: FastifyReply) {
      return this.clearCookie(TWO_FACTOR_COOKIE, cookieBase);
    });

    const sweep = setInterval(() => {
      service.sweep().catch((err) => app.log.warn({ err }, 'two-factor sweep failed'));
    }, 10 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'two-factor', dependencies: ['services', 'auth', 'repositories'] },
);
