import { ZAdminPropertiesPageSchema, ZAdminPropertyDetailSchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const propertiesKey = ['admin', 'properties'] as const;

export const fetchPropertiesPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.properties}?${query}`, { schema: ZAdminPropertiesPageSchema, signal });

export const useAdminProperty = (hash: string) =>
  useQuery({
    queryKey: [...propertiesKey, 'one', hash],
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.property(hash), { schema: ZAdminPropertyDetailSchema, signal }),
  });
