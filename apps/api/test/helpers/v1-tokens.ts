import type { TApiTokenCreated } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import { BROWSER } from './build-test-app.ts';
import type { SignedIn } from './dashboard-fixtures.ts';

/** A 30-day personal access token of `who` with these scopes, made as Account Settings does. */
export async function apiTokenFor(app: FastifyInstance, who: SignedIn, scopes: string[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/api-tokens',
    headers: { ...BROWSER, cookie: who.cookie },
    payload: { name: `v1 ${scopes.join(' ')}`.slice(0, 99), expiresInDays: 30, scopes },
  });
  if (res.statusCode !== 201) throw new Error(`no token: ${res.statusCode} ${res.body}`);
  return res.json<TApiTokenCreated>().token;
}

/** A request as a script makes it: the token as `Authorization: Bearer`, no cookie. */
export const bearerCall = (
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
