import {
  type ApiClient,
  DASHBOARD_API,
  PATHS,
  type TCurrentUser,
  type TPropertyMenuEntry,
  ZCurrentUserSchema,
  ZUserPropertiesResponseSchema,
} from '@lantern/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type UserAreaClient = Pick<ApiClient, 'get' | 'post'>;

/** undefined while loading, null when signed out. */
export type UserState = TCurrentUser | null | undefined;
export type PropertiesState = TPropertyMenuEntry[] | 'loading' | 'error' | undefined;

/**
 * Who is signed in (GET /api/user, answering null rather than redirecting when nobody is) and,
 * once asked for, their properties (GET /api/dashboard/user-properties).
 */
export function useUserArea(api: UserAreaClient, initialUser?: TCurrentUser | null) {
  const [user, setUser] = useState<UserState>(initialUser);
  const [properties, setProperties] = useState<PropertiesState>();
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const loadUser = useCallback(async () => {
    try {
      const found = await api.get(PATHS.apiUser, { schema: ZCurrentUserSchema, anonymousOk: true });
      if (alive.current) setUser(found ?? null);
      return found ?? null;
    } catch {
      // The header must not break a page; treat an unreachable API as signed out.
      if (alive.current) setUser(null);
      return null;
    }
  }, [api]);

  const loadProperties = useCallback(async () => {
    setProperties('loading');
    try {
      const answer = await api.get(DASHBOARD_API.userProperties, {
        schema: ZUserPropertiesResponseSchema,
        anonymousOk: true,
      });
      if (alive.current) setProperties(answer?.properties ?? []);
    } catch {
      if (alive.current) setProperties('error');
    }
  }, [api]);

  useEffect(() => {
    if (initialUser === undefined) void loadUser();
  }, [initialUser, loadUser]);

  /** After sign-in, sign-out or a new property: ask again. */
  const refresh = useCallback(async () => {
    setProperties(undefined);
    const found = await loadUser();
    if (found && found.properties_relation_count > 0) await loadProperties();
  }, [loadUser, loadProperties]);

  return { user, setUser, properties, loadProperties, refresh };
}
