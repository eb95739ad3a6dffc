import {
  SOCIAL_ERRORS,
  type TSocialProvider,
  type TSocialProviderConfig,
} from '@lantern/contracts';
import { createApiClient } from '@lantern/domain/api-client';
import { describe, expect, it, vi } from 'vitest';
import type { PopupResult } from './popup.ts';
import { runSocialSignIn } from './sign-in.ts';

const ORIGIN = 'http://localhost:3000';
const CONFIGS: Record<TSocialProvider, TSocialProviderConfig> = {
  apple: {
    id: 'apple',
    name: 'Apple',
    clientId: 'apple-client',
    authorizationEndpoint: 'https://apple.test/auth/authorize',
    redirectUri: `${ORIGIN}/account/social/apple/callback`,
  },
  google: {
    id: 'google',
    name: 'Google',
    clientId: 'google-client',
    authorizationEndpoint: 'https://google.test/o/oauth2/v2/auth',
    redirectUri: `${ORIGIN}/account/social-callback`,
  },
  microsoft: {
    id: 'microsoft',
    name: 'Microsoft',
    clientId: 'ms-client',
    authorizationEndpoint: 'https://ms.test/common/oauth2/v2.0/authorize',
    redirectUri: `${ORIGIN}/account/social-callback`,
    tokenEndpoint: 'https://ms.test/common/oauth2/v2.0/token',
  },
};
const STATE = 'abcdefghijklmnopqrstu'; // 21 characters, as the server makes them
const NONCE = 'n0nce';

interface Call {
  url: string;
  body: unknown;
}

/**
 * The API (through the real client) and a popup whose "provider" answers with `answer`, given
 * the authorization URL the code under test sent it to.
 */
function harness(options: {
  answer: (authUrl: URL) => PopupResult;
  login?: { status: number; body: object };
  attempt?: { status: number; body: object };
  token?: { status: number; body: object };
  blocked?: boolean;
}) {
  const calls: Call[] = [];
  const tokenCalls: URLSearchParams[] = [];
  const respond = (status: number, body: object) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const api = createApiClient({
    onUnauthenticated: () => {},
    fetch: async (input, init) => {
      const url = String(input);
      calls.push({ url, body: JSON.parse(String(init?.body ?? '{}')) });
      if (url === '/account/social/attempts') {
        const a = options.attempt ?? { status: 200, body: { state: STATE, nonce: NONCE } };
        return respond(a.status, a.body);
      }
      const l = options.login ?? { status: 200, body: { redirect: '/dashboard' } };
      return respond(l.status, l.body);
    },
  });
  const popup = {
    closed: false,
    location: { href: 'about:blank' },
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true;
    }),
  };
  const deps = {
    api,
    openPopup: () => (options.blocked ? null : (popup as unknown as Window)),
    waitForPopup: async () => options.answer(new URL(popup.location.href)),
    fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
      tokenCalls.push(new URLSearchParams(String(init?.body)));
      const t = options.token ?? { status: 200, body: { id_token: 'ms.id.token' } };
      return respond(t.status, t.body);
    }) as typeof fetch,
  };
  return { calls, tokenCalls, popup, deps };
}

const params = (p: Record<string, string>): PopupResult => ({ kind: 'params', params: p });
const logins = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/account/login/'));

describe('Apple', () => {
  const answer = (url: URL) =>
    params({ code: 'c', id_token: 'apple.id.token', state: url.searchParams.get('state') ?? '' });

  it('asks for name and email with form_post, then posts user, code, id_token and state', async () => {
    const h = harness({ answer });
    const result = await runSocialSignIn(CONFIGS.apple, h.deps);
    expect(result).toEqual({ ok: true, redirect: '/dashboard' });
    const url = new URL(h.popup.location.href);
    expect(url.origin + url.pathname).toBe('https://apple.test/auth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'apple-client',
      redirect_uri: `${ORIGIN}/account/social/apple/callback`,
      response_type: 'code id_token',
      response_mode: 'form_post',
      scope: 'name email',
      state: STATE,
      nonce: NONCE,
    });
    expect(h.calls[0]).toEqual({ url: '/account/social/attempts', body: { provider: 'apple' } });
    expect(logins(h.calls)).toEqual([
      {
        url: '/account/login/apple',
        body: { user: '', code: 'c', id_token: 'apple.id.token', state: STATE },
      },
    ]);
  });

  it('rejects a state that is not the attempt’s without asking the server', async () => {
    const h = harness({ answer: () => params({ id_token: 't', state: 'x'.repeat(21) }) });
    expect(await runSocialSignIn(CONFIGS.apple, h.deps)).toEqual({
      ok: false,
      message: SOCIAL_ERRORS.apple,
    });
    expect(logins(h.calls)).toEqual([]);
  });

  it('shows display_error when the server sends one, else the Apple text', async () => {
    const shown = harness({
      answer,
      login: { status: 422, body: { message: 'x', display_error: 'No verified email.' } },
    });
    expect(await runSocialSignIn(CONFIGS.apple, shown.deps)).toEqual({
      ok: false,
      message: 'No verified email.',
    });
    const plain = harness({ answer, login: { status: 422, body: { message: 'x' } } });
    expect(await runSocialSignIn(CONFIGS.apple, plain.deps)).toEqual({
      ok: false,
      message: SOCIAL_ERRORS.apple,
    });
  });

  it("ignores Apple's own failure and a closed popup", async () => {
    const cancelled = harness({
      answer: (url) =>
        params({ error: 'user_cancelled_authorize', state: url.searchParams.get('state') ?? '' }),
    });
    expect(await runSocialSignIn(CONFIGS.apple, cancelled.deps)).toEqual({
      ok: false,
      message: null,
    });
    const closed = harness({ answer: () => ({ kind: 'closed' }) });
    expect(await runSocialSignIn(CONFIGS.apple, closed.deps)).toEqual({ ok: false, message: null });
  });
});

describe('Google', () => {
  const answer = (url: URL) =>
    params({ id_token: 'google.id.token', state: url.searchParams.get('state') ?? '' });

  it('asks for an ID token and posts it as the credential', async () => {
    const h = harness({ answer });
    expect(await runSocialSignIn(CONFIGS.google, h.deps)).toEqual({
      ok: true,
      redirect: '/dashboard',
    });
    const url = new URL(h.popup.location.href);
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('response_mode')).toBe('fragment');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('nonce')).toBe(NONCE);
    expect(logins(h.calls)).toEqual([
      { url: '/account/login/google', body: { credential: 'google.id.token', select_by: 'btn' } },
    ]);
    expect(h.popup.close).toHaveBeenCalled();
  });

  it('shows the Google text for a refused sign-in, a provider error or a wrong state', async () => {
    const refused = harness({
      answer,
      login: { status: 422, body: { message: 'x', display_error: 'ignored for Google' } },
    });
    const error = harness({
      answer: (u) => params({ error: 'access_denied', state: u.searchParams.get('state') ?? '' }),
    });
    const wrongState = harness({ answer: () => params({ id_token: 't', state: 'other' }) });
    for (const h of [refused, error, wrongState]) {
      expect(await runSocialSignIn(CONFIGS.google, h.deps)).toEqual({
        ok: false,
        message: SOCIAL_ERRORS.google,
      });
    }
  });

  it('reports nothing when the popup is closed', async () => {
    const h = harness({ answer: () => ({ kind: 'closed' }) });
    expect(await runSocialSignIn(CONFIGS.google, h.deps)).toEqual({ ok: false, message: null });
  });
});

describe('Microsoft', () => {
  const answer = (url: URL) =>
    params({ code: 'the-code', state: url.searchParams.get('state') ?? '' });

  it('redeems the code with PKCE S256 and posts the ID token', async () => {
    const h = harness({ answer });
    expect(await runSocialSignIn(CONFIGS.microsoft, h.deps)).toEqual({
      ok: true,
      redirect: '/dashboard',
    });
    const url = new URL(h.popup.location.href);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const sent = h.tokenCalls[0];
    const verifier = sent?.get('code_verifier') ?? '';
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    const challenge = Buffer.from(digest).toString('base64url');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      client_id: 'ms-client',
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: `${ORIGIN}/account/social-callback`,
    });
    expect(logins(h.calls)).toEqual([
      { url: '/account/login/microsoft', body: { token: 'ms.id.token' } },
    ]);
  });

  it('shows the Microsoft text when the popup fails, is closed, or yields no token', async () => {
    const cases = [
      harness({
        answer: (u) => params({ error: 'access_denied', state: u.searchParams.get('state') ?? '' }),
      }),
      harness({ answer: () => ({ kind: 'closed' }) }),
      harness({ answer, token: { status: 400, body: { error: 'invalid_grant' } } }),
    ];
    for (const h of cases) {
      expect(await runSocialSignIn(CONFIGS.microsoft, h.deps)).toEqual({
        ok: false,
        message: SOCIAL_ERRORS.microsoft,
      });
    }
  });

  it('shows the Google text when the server refuses (wording as observed in the spec)', async () => {
    const h = harness({ answer, login: { status: 422, body: { message: 'x' } } });
    expect(await runSocialSignIn(CONFIGS.microsoft, h.deps)).toEqual({
      ok: false,
      message: 'There was an error signing in to Google. Please try again.',
    });
  });
});

describe('every provider', () => {
  it.each(['apple', 'google', 'microsoft'] as const)(
    '%s: a blocked popup or a failed attempt shows the provider text',
    async (provider) => {
      const blocked = harness({ answer: () => ({ kind: 'closed' }), blocked: true });
      expect(await runSocialSignIn(CONFIGS[provider], blocked.deps)).toEqual({
        ok: false,
        message: SOCIAL_ERRORS[provider],
      });
      expect(blocked.calls).toEqual([]);
      const failed = harness({
        answer: () => ({ kind: 'closed' }),
        attempt: { status: 429, body: { message: 'Too many' } },
      });
      expect(await runSocialSignIn(CONFIGS[provider], failed.deps)).toEqual({
        ok: false,
        message: SOCIAL_ERRORS[provider],
      });
      expect(failed.popup.close).toHaveBeenCalled();
    },
  );
});
