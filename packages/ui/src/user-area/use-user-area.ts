import { type TPropertyMenuEntry, ZUserPropertiesResponseSchema } from '@lantern/contracts';
import { type ApiClient, DASHBOARD_API } from '@lantern/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export type UserAreaClient = Pick<ApiClient, 'get' | 'post'>;

export type PropertiesState = TPropertyMenuEntry[] | 'loading' | 'error' | undefined;

/** The signed-in user's properties (GET /api/dashboard/user-properties), once asked for. */
export function useUserProperties(api: UserAreaClient) {
  const [properties, setProperties] = useState<PropertiesState>();
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

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

  return { properties, loadProperties };
}
