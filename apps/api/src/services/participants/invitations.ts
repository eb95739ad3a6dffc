import { randomBytes } from 'node:crypto';
import {
  emailedLink,
  INVITATION_PAGE,
  INVITATION_TTL_DAYS,
  PARTICIPANT_MESSAGES,
  ROLE_LABELS,
  streetAddressUnit,
  type TPropertyRole,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import type { ParticipantRepository } from '../../repositories/participants.ts';
import type { UserRepository } from '../../repositories/users.ts';
import type { Outbox } from '../mail/outbox.ts';
import { participantInvitation } from '../mail/templates.ts';

const DAY_MS = 24 * 60 * 60_000;

export type Invitation = Awaited<ReturnType<ParticipantRepository['createInvitation']>>;

export type InviteOutcome =
  | { ok: true; invitation: Invitation }
  /** Refused in the words of PARTICIPANT_MESSAGES, about the email field. */
  | { ok: false; refused: string };

export type AcceptOutcome =
  | { ok: true; property: Property }
  | { ok: false; refused: string }
  | { ok: false; noUser: true };

/**
 * Inviting someone to a property and taking an invitation up (issue 6; decision 011). The
 * token is mailed once and kept only as a digest; the link carries it in the fragment. The mail
 * goes through the outbox, so a mail server that is down delays an invitation, never loses it.
 */
export function createInvitationService(deps: {
  participants: ParticipantRepository;
  users: UserRepository;
  outbox: Pick<Outbox, 'send'>;
  brand: { siteName: string; supportPhone: string; publicUrl: string };
}) {
  const { participants, users, brand } = deps;
  return {
    /** Invite `email` to `property` as `role`, from `inviterId` (who may manage it). */
    async invite(
      inviterId: number,
      property: Property,
      input: { email: string; role: TPropertyRole; canEdit: boolean },
    ): Promise<InviteOutcome> {
      const { email, role, canEdit } = input;
      if (await participants.hasEmail(property.id, email)) {
        return { ok: false, refused: PARTICIPANT_MESSAGES.alreadyParticipant };
      }
      const pending = await participants.pendingInvitations(property.id);
      if (pending.some((p) => p.email.toLowerCase() === email.toLowerCase())) {
        return { ok: false, refused: PARTICIPANT_MESSAGES.alreadyInvited };
      }
      const token = randomBytes(32).toString('base64url');
      const invitation = await participants.createInvitation({
        propertyId: property.id,
        email,
        role,
        canEdit,
        token,
        invitedBy: inviterId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
      });
      const inviter = await users.findById(inviterId);
      await deps.outbox.send({
        to: email,
        ...participantInvitation(brand, {
          inviter: inviter?.name || inviter?.email || brand.siteName,
          streetAddress: streetAddressUnit(property.street, property.unit),
          role: ROLE_LABELS[role],
          acceptUrl: emailedLink(brand.publicUrl, INVITATION_PAGE, token),
          days: INVITATION_TTL_DAYS,
        }),
      });
      return { ok: true, invitation };
    },

    /** Whether the link `token` still works: not used yet and not expired. */
    async usable(token: string): Promise<boolean> {
      return !!(await participants.findUsable(token));
    },

    /** Take up the invitation `token` as `userId`: only the invited address may. */
    async accept(userId: number, token: string): Promise<AcceptOutcome> {
      const found = await participants.findUsable(token);
      if (!found) return { ok: false, refused: PARTICIPANT_MESSAGES.invitationInvalid };
      const me = await users.findById(userId);
      if (!me) return { ok: false, noUser: true };
      if (me.email.toLowerCase() !== found.invitation.email.toLowerCase()) {
        return { ok: false, refused: PARTICIPANT_MESSAGES.invitationOtherEmail };
      }
      if (!(await participants.accept(found.invitation.id, userId))) {
        return { ok: false, refused: PARTICIPANT_MESSAGES.invitationInvalid };
      }
      return { ok: true, property: found.property };
    },
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
