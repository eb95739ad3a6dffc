import type { TPropertyMenuEntry, TUserPropertiesResponse } from '@lantern/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { userPropertiesKey } from './get-user-properties.ts';

/** Add a property to the cached menu unless it is there already (an event and an answer may both bring it). */
export function appendProperty(queryClient: QueryClient, entry: TPropertyMenuEntry): void {
  queryClient.setQueryData<TUserPropertiesResponse>(userPropertiesKey, (old) =>
    !old || old.properties.some((p) => p.hash === entry.hash)
      ? old
      : { properties: [...old.properties, entry] },
  );
}
