import {
  type TCreateMlsBoardRequest,
  type TUpdateMlsBoardRequest,
  ZAdminMlsBoardSchema,
  ZAdminMlsBoardsPageSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const mlsBoardsKey = ['admin', 'mls-boards'] as const;

export const fetchMlsBoardsPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.mlsBoards}?${query}`, { schema: ZAdminMlsBoardsPageSchema, signal });

/** Add a board (no `existing` slug) or change one; the public MLS pages read it on their next view. */
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
    onSuccess: () => client.invalidateQueries({ queryKey: mlsBoardsKey }),
  });
}
