import {
  type TCreateMlsBoardRequest,
  type TUpdateMlsBoardRequest,
  ZAdminMlsBoardSchema,
  ZAdminMlsBoardsPageSchema,
  ZSiteRebuildStatusSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const mlsBoardsKey = ['admin', 'mls-boards'] as const;
const rebuildKey = ['admin', 'site-rebuild'] as const;

export const fetchMlsBoardsPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.mlsBoards}?${query}`, { schema: ZAdminMlsBoardsPageSchema, signal });

/** Whether saves rebuild the public pages, and how the last rebuild went (polled while one waits). */
export const useSiteRebuild = () =>
  useQuery({
    queryKey: rebuildKey,
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.siteRebuild, { schema: ZSiteRebuildStatusSchema, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.latest?.status;
      return status === 'waiting' || status === 'running' ? 5000 : false;
    },
  });

/** Add a board (no `existing` slug) or change one; either asks for a rebuild of the public pages. */
export function useSaveMlsBoard(existing: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateMlsBoardRequest) => {
      if (existing === null)
        return api.post(ADMIN_API.mlsBoards, input, { schema: ZAdminMlsBoardSchema });
      const { slug: _fixed, ...fields } = input;
      return api.request('PUT', ADMIN_API.mlsBoard(existing), {
        body: fields satisfies TUpdateMlsBoardRequest,
        schema: ZAdminMlsBoardSchema,
      });
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: mlsBoardsKey }),
        client.invalidateQueries({ queryKey: rebuildKey }),
      ]),
  });
}
