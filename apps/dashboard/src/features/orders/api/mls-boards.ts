import { ZMlsBoardChoicesSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The boards covering the property's county and which it is listed on (decision 056). */
export const useMlsBoardChoices = (property: string | null) =>
  useQuery({
    // Under the orders key, so placing an order reads it again.
    queryKey: ['dashboard', 'orders', 'mls-boards', property ?? ''],
    queryFn: ({ signal }) =>
      api.get(`${DASHBOARD_API.mlsBoards}?property=${encodeURIComponent(property ?? '')}`, {
        schema: ZMlsBoardChoicesSchema,
        signal,
      }),
    enabled: !!property,
  });
