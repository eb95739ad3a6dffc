import { MESSAGES } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, isV1 } from '../../lib/api-version.ts';
import type { ApiTokenRecord } from '../api-tokens/api-tokens.ts';
import {
  createDeviceCookies,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_MS,
  type DeviceCookies,
} from './device-cookies.ts';
import { REMEMBER_MS, SESSION_COOKIE, type SessionRecord } from './sessions.ts';

/** Work that follows every new session; `request` is the sign-in's own. */
export type SignedInListener = (request: FastifyRequest, userId: number) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Run `listener` after every sign-in; its failure is logged and never fails the sign-in. */
    onSignedIn(listener: SignedInListener): void;
    /** Signed cookies of browsers that signed in before (issue 41; decision 069). */
    deviceCookies: DeviceCookies;
  }
  interface FastifyRequest {
    /** The signed-in session, resolved at most once per request. */
    session(): Promise<SessionRecord | null>;
    sessionCache?: Promise<SessionRecord | null>;
    /** The API token this request acts with, once `session()` resolved one (issue 25). */
    apiToken: ApiTokenRecord | null;
  }
  interface FastifyReply {
    /** Start a new session (always a new id) and set its cookie. */
    signIn(userId: number, remember: boolean): Promise<void>;
    signOut(): Promise<void>;
  }
}

/** Staff locked the account (issue 20): answered 423 with words the sign-in form shows. */
export class AccountLockedError extends Error {
  readonly statusCode = 423;
  constructor() {
    super(MESSAGES.accountLocked);
    this.name = 'AccountLockedError';
  }
}

/** Session cookie rules: docs/architecture/security.md "Security baseline". */
export default fp(
  async (app) => {
    const secure = app.config.publicUrl.protocol === 'https:';
    const cookieBase = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };

    app.decorate('deviceCookies', createDeviceCookies(app.config.sessionSecret));
    // Sent only to the password sign-in, the one place it is read; it outlives sign-out.
    const deviceCookie = {
      ...cookieBase,
      path: PATHS.login,
      maxAge: DEVICE_COOKIE_MAX_AGE_MS / 1000,
    };

    const listeners: SignedInListener[] = [];
    app.decorate('onSignedIn', (listener: SignedInListener) => {
      listeners.push(listener);
    });

    app.decorateRequest('sessionCache', undefined);
    app.decorateRequest('apiToken', null);
    app.decorateRequest('session', function (this: FastifyRequest) {
      if (!this.sessionCache) {
        const bearer = bearerToken(this.headers);
        if (bearer !== undefined) {
          // A request with a token acts as the token's owner, never with the cookie; tokens
          // count only on the public API (/api/v1; docs/decisions/052-public-api-and-tokens.md).
          this.sessionCache = isV1(this.raw) ? tokenSession(this, bearer) : Promise.resolve(null);
          return this.sessionCache;
        }
        const token = this.cookies[SESSION_COOKIE];
        this.sessionCache = token ? app.sessions.resolve(token) : Promise.resolve(null);
      }
      return this.sessionCache;
    });

    /** The token's owner as a session of its own (id `token:<id>`, never a cookie's). */
    async function tokenSession(request: FastifyRequest, token: string) {
      const record = await app.apiTokens.resolve(token);
      if (!record) return null;
      request.apiToken = record;
      return {
        id: `token:${record.id}`,
        userId: record.userId,
        remember: false,
        expiresAt: record.expiresAt,
        touchedAt: record.lastUsedAt,
      } satisfies SessionRecord;
    }

    app.decorateReply(
      'signIn',
      async function (this: FastifyReply, userId: number, remember: boolean) {
        // Every sign-in ends here (password, social, two-factor, sign-up): a locked account gets none.
        if (await app.users.isLocked(userId)) throw new AccountLockedError();
        const previous = await this.request.session();
        if (previous) await app.sessions.end(previous.id);
        const { token, record } = await app.sessions.create(userId, remember, {
          ip: this.request.ip,
          userAgent: this.request.headers['user-agent'],
        });
        this.request.sessionCache = Promise.resolve(record);
        // Without remember the cookie ends with the browser; the server also ends it after idling.
        this.setCookie(
          SESSION_COOKIE,
          token,
          remember ? { ...cookieBase, maxAge: REMEMBER_MS / 1000 } : cookieBase,
        );
        // This browser is now known to the account: set only with a session, never alone.
        this.setCookie(DEVICE_COOKIE, app.deviceCookies.issue(userId), deviceCookie);
        for (const listener of listeners) {
          try {
            await listener(this.request, userId);
          } catch (err) {
            this.request.log.error({ err, userId }, 'work after sign-in failed');
          }
        }
      },
    );

    app.decorateReply('signOut', async function (this: FastifyReply) {
      const current = await this.request.session();
      if (current) await app.sessions.end(current.id);
      this.request.sessionCache = Promise.resolve(null);
      this.clearCookie(SESSION_COOKIE, cookieBase);
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
