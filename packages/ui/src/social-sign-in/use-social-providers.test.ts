import { createApiClient } from '@lantern/domain/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSocialProviders, resetSocialProvidersCache } from './use-social-providers.ts';

const GOOGLE = {
  id: 'google',
  name: 'Google',
  clientId: 'g',
  authorizationEndpoint: 'https://google.test/auth',
  redirectUri: 'http://localhost:3000/account/social-callback',
};

function client(responses: Array<() => Response>) {
  const fetch = vi.fn(async () => (responses.shift() ?? (() => new Response('{}')))());
  return { fetch, api: createApiClient({ fetch, onUnauthenticated: () => {} }) };
}

describe('loadSocialProviders', () => {
  afterEach(() => resetSocialProvidersCache());

  it('asks the API once per page for the configured providers', async () => {
    const { api, fetch } = client([() => Response.json({ providers: [GOOGLE] })]);
    expect(await loadSocialProviders(api)).toEqual([GOOGLE]);
    expect(await loadSocialProviders(api)).toEqual([GOOGLE]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(['/api/auth/providers', expect.anything()]);
  });

  it('shows no buttons when the list cannot be had, and asks again next time', async () => {
    const { api, fetch } = client([
      () => new Response('oops', { status: 500 }),
      () => Response.json({ providers: [GOOGLE] }),
    ]);
    expect(await loadSocialProviders(api)).toEqual([]);
    expect(await loadSocialProviders(api)).toEqual([GOOGLE]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
