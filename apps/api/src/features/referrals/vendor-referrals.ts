import { randomBytes } from 'node:crypto';
import {
  emailedLink,
  MESSAGES,
  REFERRAL_INVITATION_TTL_DAYS,
  referralFeeTotals,
  streetAddressUnit,
  type TReferralInvitation,
  type TReferralInviteRequest,
  type TVendorReferralFee,
  type TVendorReferralSummary,
  VENDOR_REFERRAL_TEXTS as V,
} from '@lantern/contracts';
import type { ReferralInvitation } from '@lantern/db';
import { REFERRAL_PAGES } from '@lantern/domain';
import type { UserRepository } from '../auth/users.repository.ts';
import type { Outbox } from '../mail/outbox.ts';
import { referralInvitation } from '../mail/templates.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type {
  ReferralInvitationRepository,
  ReferralInvitationRow,
} from './referral-invitations.repository.ts';
import type { ReferralRepository } from './referrals.repository.ts';
import type { ReferralService } from './referrals.ts';

const DAY_MS = 24 * 60 * 60_000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type FeeRow = NonNullable<Awaited<ReturnType<ReferralRepository['byHash']>>>;

/** A referral fee as its referrer sees it: no staff notes, no other referrer. */
export function toVendorFee(r: FeeRow): TVendorReferralFee {
  const { referral } = r;
  return {
    hash: referral.hash,
    customerEmail: referral.customerEmail,
    property:
      r.street !== null && r.state !== null
        ? {
            address: `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state}`,
            state: r.state,
          }
        : null,
    feeCents: referral.feeCents,
    status: referral.status,
    payable: r.payable,
    earnedAt: iso(referral.earnedAt),
    paidAt: iso(referral.paidAt),
    paidReference: referral.paidReference,
    paidLicense: referral.paidLicense,
    createdAt: referral.createdAt.toISOString(),
  };
}

/** What the vendor area's referrals work with. */
type VendorReferralDeps = {
  invitations: ReferralInvitationRepository;
  referralRepo: ReferralRepository;
  referrals: ReferralService;
  users: UserRepository;
  outbox: Pick<Outbox, 'send'>;
  brand: { siteName: string; supportPhone: string; publicUrl: string };
  now?: () => Date;
};

/** An invitation as its referrer sees it, as of `at`. */
const view = (row: ReferralInvitationRow, at: Date): TReferralInvitation => {
  const inv = row.invitation;
  const linked = inv.acceptedAt !== null;
  return {
    hash: inv.hash,
    name: inv.name,
    email: inv.email,
    note: inv.note,
    state: linked ? 'linked' : inv.expiresAt > at ? 'waiting' : 'expired',
    expiresAt: inv.expiresAt.toISOString(),
    progress: {
      invited: inv.createdAt.toISOString(),
      signedUp: iso(inv.acceptedAt),
      propertyAdded: linked ? iso(row.propertyAdded) : null,
      ordered: linked ? iso(row.ordered) : null,
      paid: linked ? iso(row.paid) : null,
    },
  };
};

/** The referrer's invitations: the list, one, inviting and withdrawing. */
function vendorInvitations(deps: VendorReferralDeps) {
  const { invitations, users, brand } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async invitationsPage(
      referrerId: number,
      q: Parameters<ReferralInvitationRepository['page']>[1],
    ) {
      const at = now();
      const found = await invitations.page(referrerId, q, at);
      return { rows: found.rows.map((r) => view(r, at)), nextCursor: found.nextCursor };
    },

    async invitation(referrerId: number, hash: string) {
      const row = await invitations.one(referrerId, hash);
      return row ? view(row, now()) : undefined;
    },

    /** "Refer a customer": refused in words when the person is not theirs to refer. */
    async invite(
      referrerId: number,
      input: TReferralInviteRequest,
    ): Promise<Outcome<ReferralInvitation>> {
      const email = input.email.trim();
      const field = (message: string) => refuse(422, message, { email: [message] });
      const me = await users.findById(referrerId);
      if (!me) return refuse(404, MESSAGES.notFound);
      if (me.email.toLowerCase() === email.toLowerCase()) return field(V.self);
      const person = await invitations.personByEmail(email);
      if (person?.referrerIds.includes(referrerId)) return field(V.alreadyYours);
      if (person?.referrerIds.length) return field(V.referredByOther);
      const at = now();
      if (await invitations.waiting(referrerId, email, at)) return field(V.alreadyInvited);
      const token = randomBytes(32).toString('base64url');
      const invitation = await invitations.create({
        referrerId,
        name: input.name,
        email,
        note: input.note ?? '',
        token,
        expiresAt: new Date(at.getTime() + REFERRAL_INVITATION_TTL_DAYS * DAY_MS),
      });
      await deps.outbox.send({
        to: email,
        ...referralInvitation(brand, {
          referrer: me.name || me.email,
          name: input.name,
          note: input.note ?? '',
          acceptUrl: emailedLink(brand.publicUrl, REFERRAL_PAGES.invitation, token),
          days: REFERRAL_INVITATION_TTL_DAYS,
        }),
      });
      return ok(invitation);
    },

    /** Withdraw an invitation nobody took up; another's is a 404. */
    async withdraw(referrerId: number, hash: string): Promise<Outcome<{ email: string }>> {
      const row = await invitations.one(referrerId, hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      const done = await invitations.withdraw(referrerId, hash);
      if (done === 'gone') return refuse(404, MESSAGES.notFound);
      if (done === 'linked') return refuse(409, V.notPending);
      return ok({ email: row.invitation.email });
    },
  };
}

/** The invited person's side: taking an invitation up. */
function invitationAcceptance(deps: VendorReferralDeps) {
  const { invitations, users } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /** The invited person takes the invitation up, signed in with the invited address. */
    async accept(
      userId: number,
      token: string,
    ): Promise<Outcome<{ referrer: string; invitation: string }>> {
      const field = (message: string) => refuse(422, message, { token: [message] });
      const found = await invitations.findUsable(token, now());
      if (!found) return field(V.invitationInvalid);
      const me = await users.findById(userId);
      if (!me) return field(V.invitationInvalid);
      const { invitation } = found;
      if (invitation.referrerId === userId) return field(V.acceptSelf);
      if (me.email.toLowerCase() !== invitation.email.toLowerCase())
        return field(V.invitationOtherEmail);
      const others = (await invitations.referrerIdsOf(userId)).filter(
        (id) => id !== invitation.referrerId,
      );
      if (others.length) return field(V.acceptedOther);
      const linked = await invitations.accept(invitation.id, userId);
      if (linked === 'used') return field(V.invitationInvalid);
      if (linked === 'referred-by-other') return field(V.acceptedOther);
      return ok({
        referrer: found.referrerName || found.referrerEmail,
        invitation: invitation.hash,
      });
    },
  };
}

/** The referrer's own fees, with the sums by state and the licenses on file. */
function vendorFees(deps: VendorReferralDeps) {
  const { referralRepo, referrals } = deps;
  return {
    feesPage: (
      referrerId: number,
      q: Omit<Parameters<ReferralRepository['page']>[0], 'referrerId'>,
    ) => referralRepo.page({ ...q, referrerId }, referrals.today()),

    async fee(referrerId: number, hash: string) {
      const row = await referralRepo.byHashFor(referrerId, hash, referrals.today());
      return row ? toVendorFee(row) : undefined;
    },

    async summary(referrerId: number): Promise<TVendorReferralSummary> {
      const today = referrals.today();
      const items = await referralRepo.feeItemsOf(referrerId, today);
      return {
        totals: referralFeeTotals(items),
        licenses: await referrals.licenses(referrerId),
        today,
      };
    },
  };
}

/**
 * The vendor area's referrals (issue 24; docs/decisions/051-vendor-referrals.md): a referrer
 * invites people by email (a single-use link, the token kept only as a digest), follows the
 * progress of those who took the invitation up, and sees their own fees from decision 035's
 * `referrals` with the sums by state and the licenses on file. Every read is scoped to the
 * referrer: another's record is undefined, which routes answer as 404.
 */
export function createVendorReferralService(deps: VendorReferralDeps) {
  return { ...vendorInvitations(deps), ...invitationAcceptance(deps), ...vendorFees(deps) };
}
export type VendorReferralService = ReturnType<typeof createVendorReferralService>;
