import type { TPropertyMenuEntry, TUserPropertiesResponse } from '@lantern/contracts';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The cached property menu is app-wide state: the properties feature loads it, and others
 * (participants leaving, the account menu adding a property) refresh or extend it. Its key and
 * the one shared update live here so no feature imports another (docs/decisions/021).
 */
export const userPropertiesKey = ['dashboard', 'user-properties'] as const;

/** Add a property to the cached menu unless it is there already (an event and an answer may both bring it). */
export function appendProperty(queryClient: QueryClient, entry: TPropertyMenuEntry): void {
  queryClient.setQueryData<TUserPropertiesResponse>(userPropertiesKey, (old) =>
    !old || old.properties.some((p) => p.hash === entry.hash)
      ? old
      : { properties: [...old.properties, entry] },
  );
}
