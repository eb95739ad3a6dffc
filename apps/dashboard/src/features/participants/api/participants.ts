import {
  PARTICIPANTS_API,
  type TInviteRequest,
  type TUpdateParticipantRequest,
  ZInvitationSchema,
  ZParticipantsResponseSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const participantsKey = (property: string) => ['participants', property] as const;

export const participantsQueryOptions = (property: string) =>
  queryOptions({
    queryKey: participantsKey(property),
    queryFn: ({ signal }) =>
      api.get(`${PARTICIPANTS_API.list}?property=${encodeURIComponent(property)}`, {
        schema: ZParticipantsResponseSchema,
        signal,
      }),
  });

export const useParticipants = (property: string) => useQuery(participantsQueryOptions(property));

/** Every change refreshes the list (the realtime event does the same for other tabs). */
function useChange<A>(property: string, run: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantsKey(property) }),
  });
}

export const useInvite = (property: string) =>
  useChange(property, (body: Omit<TInviteRequest, 'property'>) =>
    api.post(PARTICIPANTS_API.invitations, { ...body, property }, { schema: ZInvitationSchema }),
  );

const participantPath = (user: string) =>
  PARTICIPANTS_API.participant.replace(':user', encodeURIComponent(user));

export const useUpdateParticipant = (property: string) =>
  useChange(
    property,
    ({ user, ...change }: { user: string } & Omit<TUpdateParticipantRequest, 'property'>) =>
      api.request('PATCH', participantPath(user), { body: { ...change, property } }),
  );

export const useRemoveParticipant = (property: string) =>
  useChange(property, (user: string) =>
    api.request('DELETE', `${participantPath(user)}?property=${encodeURIComponent(property)}`),
  );

export const useCancelInvitation = (property: string) =>
  useChange(property, (invitation: string) =>
    api.request(
      'DELETE',
      `${PARTICIPANTS_API.invitation.replace(':invitation', encodeURIComponent(invitation))}?property=${encodeURIComponent(property)}`,
    ),
  );
