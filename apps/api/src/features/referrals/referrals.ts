import {
  MESSAGES,
  REFERRAL_TEXTS as R,
  streetAddressUnit,
  type TCreateReferralRequest,
  type TLicense,
  type TPutLicenseRequest,
  type TReferralRow,
} from '@lantern/contracts';
import type { Referral } from '@lantern/db';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { dayIn } from '../staff/reports/days.ts';
import type { ReferralRepository } from './referrals.repository.ts';

/** The vendor kinds that may be named as the one who referred. */
const REFERRER_KINDS = ['referrer', 'referral_agent'];

type Row = NonNullable<Awaited<ReturnType<ReferralRepository['byHash']>>>;

export function toReferralRow(r: Row): TReferralRow {
  const { referral } = r;
  return {
    hash: referral.hash,
    referrer: { hash: r.referrerHash, email: r.referrerEmail, name: r.referrerName },
    customer: { hash: r.customerHash, email: referral.customerEmail },
    property:
      r.propertyHash && r.street !== null && r.state !== null
        ? {
            hash: r.propertyHash,
            address: `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state}`,
            state: r.state,
          }
        : null,
    feeCents: referral.feeCents,
    status: referral.status,
    payable: r.payable,
    earnedAt: referral.earnedAt?.toISOString() ?? null,
    paidAt: referral.paidAt?.toISOString() ?? null,
    paidReference: referral.paidReference,
    paidLicense: referral.paidLicense,
    notes: referral.notes,
    createdAt: referral.createdAt.toISOString(),
  };
}

/** What the activity log keeps of a referral. */
const audited = (r: Referral) => ({
  status: r.status,
  feeCents: r.feeCents,
  paidReference: r.paidReference,
  paidLicense: r.paidLicense,
});

/** What the referral service works with. */
type ReferralDeps = {
  repo: ReferralRepository;
  zone: string;
  now?: () => Date;
};

/** Staff record a referral for a referrer who is a vendor and a customer who is theirs. */
function referralCreation(repo: ReferralRepository) {
  return {
    async create(staffId: number, input: TCreateReferralRequest): Promise<Outcome<Referral>> {
      const referrer = await repo.person(input.referrerEmail);
      if (!referrer) return refuse(422, R.referrerUnknown, { referrerEmail: [R.referrerUnknown] });
      if (!referrer.kinds.some((k) => REFERRER_KINDS.includes(k)))
        return refuse(422, R.referrerNotVendor, { referrerEmail: [R.referrerNotVendor] });
      const customer = await repo.person(input.customerEmail);
      if (!customer) return refuse(422, R.customerUnknown, { customerEmail: [R.customerUnknown] });
      if (customer.id === referrer.id)
        return refuse(422, R.selfReferral, { customerEmail: [R.selfReferral] });
      // A customer who accepted another referrer's invitation is that referrer's (decision 051).
      const linked = await repo.linkedReferrer(customer.id);
      if (linked && linked.id !== referrer.id) {
        const message = R.customerLinkedElsewhere(linked.email);
        return refuse(422, message, { customerEmail: [message] });
      }
      let propertyId: number | null = null;
      if (input.property) {
        const property = await repo.propertyOf(customer.id, input.property);
        if (!property)
          return refuse(422, R.propertyNotCustomers, { property: [R.propertyNotCustomers] });
        propertyId = property.id;
      }
      return ok(
        await repo.insert({
          referrerId: referrer.id,
          customerId: customer.id,
          customerEmail: customer.email,
          propertyId,
          feeCents: input.feeCents ?? 0,
          notes: input.notes ?? '',
          createdBy: staffId,
        }),
      );
    },
  };
}

/** A referral's moves under its lock: earned, paid (under a valid license), removed. */
function referralMoves(repo: ReferralRepository, today: () => string) {
  return {
    /** pending → earned. */
    async markEarned(hash: string) {
      const out = await repo.withLocked(hash, async (tx, { referral }) => {
        if (referral.status !== 'pending') return refuse(409, R.notPending);
        const after = await repo.update(tx, referral.id, {
          status: 'earned',
          earnedAt: new Date(),
        });
        return ok({ before: audited(referral), after: audited(after) });
      });
      return out ?? refuse(404, MESSAGES.notFound);
    },

    /** earned → paid, only under a license valid today in the property's state. */
    async markPaid(hash: string, reference: string) {
      const day = today();
      const out = await repo.withLocked(hash, async (tx, { referral, state }) => {
        if (referral.status !== 'earned') return refuse(409, R.notEarned);
        if (!state) return refuse(409, R.noProperty);
        const license = await repo.validLicense(tx, referral.referrerId, state, day);
        if (!license) return refuse(409, R.noLicense(state));
        const after = await repo.update(tx, referral.id, {
          status: 'paid',
          paidAt: new Date(),
          paidReference: reference,
          paidLicense: `${license.state} ${license.number} (valid through ${license.expiresOn})`,
        });
        return ok({ before: audited(referral), after: audited(after) });
      });
      return out ?? refuse(404, MESSAGES.notFound);
    },

    /** A pending referral recorded by mistake. */
    async remove(hash: string) {
      const out = await repo.withLocked(hash, async (tx, { referral }) => {
        if (referral.status !== 'pending') return refuse(409, R.notPending);
        await repo.remove(tx, referral.id);
        return ok({ before: audited(referral), after: null });
      });
      return out ?? refuse(404, MESSAGES.notFound);
    },
  };
}

/** The referrer's licenses by state. */
function referrerLicenses(repo: ReferralRepository, today: () => string) {
  return {
    async licenses(userId: number): Promise<TLicense[]> {
      const day = today();
      return (await repo.licensesOf(userId)).map((l) => ({
        state: l.state,
        number: l.number,
        expiresOn: l.expiresOn,
        valid: l.expiresOn >= day,
      }));
    },

    async putLicense(staffId: number, userId: number, input: TPutLicenseRequest) {
      const state = input.state.toUpperCase();
      if (input.expiresOn < today())
        return refuse(422, R.licenseExpired, { expiresOn: [R.licenseExpired] });
      const before = await repo.putLicense({
        userId,
        state,
        number: input.number,
        expiresOn: input.expiresOn,
        addedBy: staffId,
      });
      return ok({
        before: before ? { state, number: before.number, expiresOn: before.expiresOn } : null,
        after: { state, number: input.number, expiresOn: input.expiresOn },
      });
    },

    removeLicense: (userId: number, state: string) =>
      repo.removeLicense(userId, state.toUpperCase()),
  };
}

/**
 * Referrals (issue 23; docs/decisions/035-referrals.md): staff record who referred whom and the
 * fee; pending → earned → paid, each move under the row's lock; a fee is paid only to a referrer
 * with a real estate license on file for the property's state, valid on the day of payment (in
 * BUSINESS_TIME_ZONE). Money in integer cents.
 */
export function createReferralService(deps: ReferralDeps) {
  const { repo, zone } = deps;
  const today = () => dayIn(zone, (deps.now ?? (() => new Date()))());

  return {
    today,
    page: (q: Parameters<ReferralRepository['page']>[0]) => repo.page(q, today()),
    async row(hash: string) {
      const found = await repo.byHash(hash, today());
      return found ? toReferralRow(found) : undefined;
    },
    ...referralCreation(repo),
    ...referralMoves(repo, today),
    ...referrerLicenses(repo, today),
  };
}
export type ReferralService = ReturnType<typeof createReferralService>;
