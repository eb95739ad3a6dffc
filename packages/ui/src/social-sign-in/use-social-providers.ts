import {
  SOCIAL_PATHS,
  type TSocialProviderConfig,
  ZSocialProvidersSchema,
} from '@lantern/contracts';
import { type ApiClient, api as defaultApi } from '@lantern/domain/api-client';
import { useEffect, useState } from 'react';

let cached: Promise<TSocialProviderConfig[]> | undefined;

/**
 * The configured providers' public settings (GET /api/auth/providers), fetched once per page.
 * Nothing about providers is baked into the static build; a failed fetch shows no buttons.
 */
export function loadSocialProviders(
  api: Pick<ApiClient, 'get'> = defaultApi,
): Promise<TSocialProviderConfig[]> {
  cached ??= api
    .get(SOCIAL_PATHS.providers, { schema: ZSocialProvidersSchema, anonymousOk: true })
    .then((body) => body?.providers ?? [])
    .catch(() => {
      cached = undefined; // let a later mount try again
      return [];
    });
  return cached;
}

/** The providers list for a component; null until it has loaded. */
export function useSocialProviders(api?: Pick<ApiClient, 'get'>): TSocialProviderConfig[] | null {
  const [providers, setProviders] = useState<TSocialProviderConfig[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadSocialProviders(api).then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, [api]);
  return providers;
}

/** For tests: forget the fetched list. */
export function resetSocialProvidersCache(): void {
  cached = undefined;
}
