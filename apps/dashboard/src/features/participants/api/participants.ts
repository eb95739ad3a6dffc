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

/** `keepalive` when the removal is sent as the page goes away (the undo window was open). */
export const useRemoveParticipant = (property: string) =>
  useChange(property, ({ user, keepalive }: { user: string; keepalive?: boolean }) =>
    api.request('DELETE', `${participantPath(user)}?property=${encodeURIComponent(property)}`, {
      ...(keepalive ? { keepalive } : {}),
    }),
  );

/**
 * Take yourself off the property (issue 14, item 5); 422 for its last manager. Nothing about
 * the property is asked again afterwards: it would answer 404 (the page leaves it instead).
 */
export const useLeaveProperty = (property: string) =>
  useMutation({ mutationFn: () => api.post(PARTICIPANTS_API.leave, { property }) });

export const useCancelInvitation = (property: string) =>
  useChange(property, (invitation: string) =>
    api.request(
      'DELETE',
      `${PARTICIPANTS_API.invitation.replace(':invitation', encodeURIComponent(invitation))}?property=${encodeURIComponent(property)}`,
    ),
  );
