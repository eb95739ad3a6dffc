import { PARTICIPANTS_API, ZAcceptInvitationResponseSchema } from '@lantern/contracts';
import { api } from '../../../lib/api.ts';

export const acceptInvitation = (token: string) =>
  api.post(
    PARTICIPANTS_API.acceptInvitation,
    { token },
    { schema: ZAcceptInvitationResponseSchema },
  );
