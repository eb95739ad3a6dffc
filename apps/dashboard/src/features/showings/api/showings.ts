import {
  SHOWINGS_API,
  ZOwnerShowingResponseSchema,
  ZOwnerShowingsResponseSchema,
} from '@lantern/contracts';
import type { TShowingAction } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const showingsKey = (property: string) => ['dashboard', 'listing', property, 'showings'] as const;

/** The listing's showing requests, newest first (its owners only). */
export const useShowings = (property: string) =>
  useQuery({
    queryKey: showingsKey(property),
    queryFn: ({ signal }) =>
      api.get(`${SHOWINGS_API.owner}?property=${encodeURIComponent(property)}`, {
        schema: ZOwnerShowingsResponseSchema,
        signal,
      }),
  });

export interface ShowingAnswer {
  showing: string;
  action: TShowingAction;
  /** Local date and time in the home's zone, for `propose`. */
  date?: string;
  time?: string;
}

/** Confirm, propose another time, decline or cancel; the list is refreshed after. */
export function useAnswerShowing(property: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ showing, ...body }: ShowingAnswer) =>
      api.request('POST', SHOWINGS_API.respond(showing), {
        body: { property, ...body },
        schema: ZOwnerShowingResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: showingsKey(property) }),
  });
}
