import {
  PARTICIPANTS_API,
  ZAcceptInvitationResponseSchema,
  ZCheckInvitationResponseSchema,
} from '@lantern/contracts';
import { api } from '../../../lib/api.ts';

export const acceptInvitation = (token: string) =>
  api.post(
    PARTICIPANTS_API.acceptInvitation,
    { token },
    { schema: ZAcceptInvitationResponseSchema },
  );

/** Whether the link still works; a dead one answers where to go (decision 056). */
export const checkInvitation = (token: string) =>
  api.post(PARTICIPANTS_API.checkInvitation, { token }, { schema: ZCheckInvitationResponseSchema });
