import { z } from 'zod';

/**
 * Why a visitor landed where they did: the dashboard's page-load banner (spec 2, 8), in our
 * words. The server puts them in the shell's app-config under `errors.pageLoad` through a
 * short-lived signed cookie; anything of the customer's in them (a street) is escaped there.
 */
export const PAGE_LOAD_TEXTS = {
  invitationUsed:
    'That invitation link no longer works: it was already used, or it has expired. Ask the person who invited you to send a new one.',
  resetLinkUsed:
    'That password reset link no longer works: it was already used, or it is more than 60 minutes old. You are signed in, so you can change your password here instead.',
  notOffered: (service: string, street: string) =>
    `${service} is not offered for ${street}, so we brought you to its overview, which lists what is.`,
  listingCancelled: (street: string) =>
    `The MLS listing order for ${street} was cancelled, so its listing steps are closed. You can order the listing again here.`,
} as const;

/** POST /api/invitations/check: whether an invitation link still works, before Accept is offered. */
export const ZCheckInvitationResponseSchema = z.object({
  usable: z.boolean(),
  /** Where to go when it does not (the reason waits there in the page-load banner). */
  redirect: z.string().optional(),
});
export type TCheckInvitationResponse = z.infer<typeof ZCheckInvitationResponseSchema>;
