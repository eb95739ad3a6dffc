import type { TCurrentUser, TSessionResponse } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';

/**
 * Who is signed in, for the public header: GET /api/session answers 200 with user null for a
 * visitor, so no failed request reaches the console. Plain fetch, no schema library: this runs
 * on every public page, and the panel that acts on the answer loads the full client anyway.
 */
export async function fetchSession(): Promise<TCurrentUser | null> {
  try {
    const res = await fetch(PATHS.apiSession, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!res.ok) return null;
    const body = (await res.json()) as TSessionResponse;
    return body.user ?? null;
  } catch {
    // The header must not break a page; an unreachable API reads as signed out.
    return null;
  }
}
