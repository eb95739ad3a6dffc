import { randomBytes } from 'node:crypto';
import {
  emailedLink,
  INVITATION_TTL_DAYS,
  PARTICIPANT_MESSAGES,
  streetAddressUnit,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import { INVITATION_PAGE, ROLE_LABELS, type TPropertyRole } from '@lantern/domain';
import type { AuditEntryBase } from '../audit/audit-log.repository.ts';
import type { UserRepository } from '../auth/users.repository.ts';
import type { Outbox } from '../mail/outbox.ts';
import { participantInvitation } from '../mail/templates.ts';
import type { ParticipantRepository } from './participants.repository.ts';

const DAY_MS = 24 * 60 * 60_000;
const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export type Invitation = Awaited<ReturnType<ParticipantRepository['createInvitation']>>;

export type InviteOutcome =
  | { ok: true; invitation: Invitation }
  /** Refused in the words of PARTICIPANT_MESSAGES, about the email field. */
  | { ok: false; refused: string };

/** A property someone joined, with the role they hold there. */
export type Joined = Awaited<ReturnType<ParticipantRepository['acceptAllForEmail']>>[number];

export type AcceptOutcome =
  /** `already`: the invited address had joined without the link (at sign-in, decision 055). */
  | { ok: true; property: Property; already?: true }
  | { ok: false; refused: string }
  | { ok: false; noUser: true };

/**
 * The property of a used invitation when `me` is its address and is on the property: signing in
 * from the invitation page took it up already (decision 055), so the page should say the
 * property is theirs, not that the link is spent.
 */
async function alreadyJoined(
  participants: ParticipantRepository,
  me: { email: string; hash: string },
  token: string,
): Promise<Property | undefined> {
  const used = await participants.findUsed(token);
  if (!used || !sameEmail(me.email, used.invitation.email)) return undefined;
  const onIt = await participants.findByUserHash(used.property.id, me.hash);
  return onIt ? used.property : undefined;
}

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
  /** The user's address when it is verified (decision 055), else null. */
  verifiedEmail: (userId: number) => Promise<string | null>;
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
      const me = await users.findById(userId);
      if (!found) {
        const property = me && (await alreadyJoined(participants, me, token));
        if (property) return { ok: true, property, already: true };
        return { ok: false, refused: PARTICIPANT_MESSAGES.invitationInvalid };
      }
      if (!me) return { ok: false, noUser: true };
      if (!sameEmail(me.email, found.invitation.email)) {
        return { ok: false, refused: PARTICIPANT_MESSAGES.invitationOtherEmail };
      }
      if (!(await participants.accept(found.invitation.id, userId))) {
        return { ok: false, refused: PARTICIPANT_MESSAGES.invitationInvalid };
      }
      return { ok: true, property: found.property };
    },

    /**
     * Decision 055: a verified address answers for its mailbox as the emailed link does, so
     * every usable invitation to it is taken up (at sign-in and when the address is verified).
     * `entry` is who and which request, for each invitation's activity entry.
     */
    async acceptForVerifiedEmail(userId: number, entry: AuditEntryBase): Promise<Joined[]> {
      const email = await deps.verifiedEmail(userId);
      return email ? participants.acceptAllForEmail(userId, email, entry) : [];
    },
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
