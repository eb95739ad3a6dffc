import { z } from 'zod';
import { ZEmailSchema } from '../auth/credentials.ts';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { ZPropertyRoleSchema } from '../roles.ts';
import { singleLineText } from '../text.ts';

/** The participants page's endpoints (issue 6). */
export const PARTICIPANTS_API = {
  list: '/api/dashboard/participants',
  invitations: '/api/dashboard/participants/invitations',
  /** `/:user` — a participant, by their user hash. */
  participant: '/api/dashboard/participants/:user',
  /** `/:invitation` — a pending invitation, by its hash. */
  invitation: '/api/dashboard/participants/invitations/:invitation',
  acceptInvitation: '/api/invitations/accept',
  /** POST {token}: whether the link still works (200 either way; decision 056). */
  checkInvitation: '/api/invitations/check',
  /** POST: take yourself off a property (issue 14, item 5). */
  leave: '/api/dashboard/participants/leave',
} as const;

/** How long an emailed invitation link works (docs/decisions/011-participants-and-messages.md). */
export const INVITATION_TTL_DAYS = 14;

export const PARTICIPANT_MESSAGES = {
  lastEditor:
    'Someone on this property must be able to manage it. Give another participant that permission first.',
  alreadyParticipant: 'This person already takes part in this property.',
  alreadyInvited:
    'This person already has an invitation waiting. Cancel it first to send a new one.',
  cannotManage: 'Only participants who can manage this property can change who takes part.',
  invitationInvalid: 'This invitation link is not valid any more. Ask for a new invitation.',
  invitationOtherEmail:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  roleRequired: 'Choose a role.',
  lastManagerLeaving:
    'You are the only one who can manage this property. Let another participant manage it before you leave.',
} as const;

const ZRoleField = z.enum(ZPropertyRoleSchema.options, {
  error: PARTICIPANT_MESSAGES.roleRequired,
});

export const ZParticipantSchema = z.object({
  /** The person's public user hash. */
  hash: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: ZPropertyRoleSchema,
  canEdit: z.boolean(),
  /** The signed-in user's own row. */
  you: z.boolean(),
});
export type TParticipant = z.infer<typeof ZParticipantSchema>;

export const ZInvitationSchema = z.object({
  hash: z.string(),
  email: z.string(),
  role: ZPropertyRoleSchema,
  canEdit: z.boolean(),
  expiresAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitationSchema>;

/** GET list?property= */
export const ZParticipantsResponseSchema = z.object({
  canManage: z.boolean(),
  participants: z.array(ZParticipantSchema),
  /** Pending invitations; only listed for those who can manage. */
  invitations: z.array(ZInvitationSchema),
});
export type TParticipantsResponse = z.infer<typeof ZParticipantsResponseSchema>;

/** POST invitations */
export const ZInviteRequestSchema = z.object({
  property: ZPropertyHashSchema,
  email: ZEmailSchema,
  role: ZRoleField,
  canEdit: z.boolean().optional().default(false),
});
export type TInviteRequest = z.input<typeof ZInviteRequestSchema>;

/** PATCH participant: role and/or the permission to manage. */
export const ZUpdateParticipantRequestSchema = z
  .object({
    property: ZPropertyHashSchema,
    role: ZRoleField.optional(),
    canEdit: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.canEdit !== undefined, {
    message: 'Nothing to change.',
    path: ['role'],
  });
export type TUpdateParticipantRequest = z.input<typeof ZUpdateParticipantRequestSchema>;

/** POST leave: the signed-in user leaves this property. */
export const ZLeavePropertyRequestSchema = z.object({ property: ZPropertyHashSchema });
export type TLeavePropertyRequest = z.input<typeof ZLeavePropertyRequestSchema>;

export const ZUserHashParamsSchema = z.object({ user: singleLineText().min(1).max(64) });
export const ZInvitationParamsSchema = z.object({ invitation: singleLineText().min(1).max(64) });

/** POST acceptInvitation */
export const ZAcceptInvitationRequestSchema = z.object({
  token: singleLineText().min(1, PARTICIPANT_MESSAGES.invitationInvalid).max(200),
});
export const ZAcceptInvitationResponseSchema = z.object({
  property: z.string(),
  streetAddress: z.string(),
  role: ZPropertyRoleSchema,
});
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponseSchema>;
