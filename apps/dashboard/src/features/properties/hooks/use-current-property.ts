import type { TPropertyMenuEntry } from '@lantern/contracts';
import { useSearchParams } from 'react-router';
import { useUserProperties } from '../api/get-user-properties.ts';

export interface CurrentProperty {
  /** The `property` query parameter, when there is one. */
  hash: string | null;
  /** Its menu entry, once the list has loaded and when it is the user's. */
  entry: TPropertyMenuEntry | null;
  loaded: boolean;
  /** A fetch of the list is under way (the cached one may be stale, e.g. just after a change). */
  fetching: boolean;
  properties: TPropertyMenuEntry[];
}

/** The property the URL names (spec 2: named routes take `?property={hash}`). */
export function useCurrentProperty(): CurrentProperty {
  const [params] = useSearchParams();
  const hash = params.get('property') || null;
  const list = useUserProperties();
  const properties = list.data?.properties ?? [];
  const entry = hash ? (properties.find((p) => p.hash === hash) ?? null) : null;
  return { hash, entry, loaded: list.isSuccess, fetching: list.isFetching, properties };
}
