import type { FastifyInstance } from 'fastify';
import { BROWSER, sessionCookie, uniqueEmail } from './build-test-app.ts';

const PASSWORD = 'a long and unusual passphrase';

export interface SignedIn {
  cookie: string;
  userId: number;
  hash: string;
  email: string;
}

/** Sign up a fresh user on `app` and return what tests need of them. */
export type CallArgs = [
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
];

/** A request from `who`'s browser: its session cookie and the headers our pages send. */
export function callAs(app: FastifyInstance, ...[who, method, url, payload]: CallArgs) {
  return app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function signUpUser(app: FastifyInstance, tag = 'dash'): Promise<SignedIn> {
  const email = uniqueEmail(tag);
  const res = await app.inject({
    method: 'POST',
    url: '/account/sign-up',
    headers: BROWSER,
    payload: { email, password: PASSWORD },
  });
  const cookie = sessionCookie(res);
  const user = await app.users.findByEmail(email);
  if (!user) throw new Error('sign-up made no user');
  return { cookie, userId: user.id, hash: user.hash, email };
}

/** Sign the same user in again: a second session (another browser). */
export async function signInAgain(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/account/login',
    headers: BROWSER,
    payload: { email, password: PASSWORD },
  });
  return sessionCookie(res);
}

type Role = Parameters<FastifyInstance['properties']['create']>[1];

/** A property the user takes part in with `role`, at a real-looking address. */
export async function addProperty(
  app: FastifyInstance,
  userId: number,
  role: Role = 'seller',
  place: { street?: string; unit?: string; state?: string; county?: string } = {},
) {
  return app.properties.create(userId, role, {
    locationType: 'address',
    street: place.street ?? '1600 Main St',
    unit: place.unit ?? null,
    city: 'Springfield',
    county: place.county ?? 'Sangamon County',
    state: place.state ?? 'IL',
    zip: '62701',
  });
}
