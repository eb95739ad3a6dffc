import {
  emailedLink,
  LISTING_TOOLS_PAGES,
  listingPagePath,
  type TTransactionAccessListing,
} from '@lantern/contracts';
import type { TransactionAccessRequest } from '@lantern/db';
import {
  TRANSACTION_ACCESS_CONFIRM_HOURS,
  TRANSACTION_ACCESS_PAGES,
  TRANSACTION_ACCESS_ROLES,
  TRANSACTION_ACCESS_TAB,
  TRANSACTION_ACCESS_TEXTS,
} from '@lantern/domain';
import { transactionAccessConfirm, transactionAccessRequested } from '../mail/templates.ts';
import { type AccessContext, newToken, ok, refuse } from './access-context.ts';
import type { TransactionAccessInput, TxOutcome } from './access-types.ts';

const T = TRANSACTION_ACCESS_TEXTS;

/** A confirmed request goes to the owners: each is mailed with a link to their dashboard. */
async function tellOwners(ctx: AccessContext, r: TransactionAccessRequest) {
  const { repo, brand } = ctx;
  const listing = await repo.listing(r.listingId);
  const propertyHash = await repo.propertyHash(r.propertyId);
  for (const owner of await repo.owners(r.propertyId)) {
    await ctx.send({
      to: owner.email,
      ...transactionAccessRequested(brand, {
        street: listing?.streetAddress ?? '',
        name: r.name,
        company: r.company,
        role: TRANSACTION_ACCESS_ROLES[r.role].label,
        email: r.email,
        message: r.message,
        dashboardUrl: `${brand.publicUrl}${LISTING_TOOLS_PAGES.tab(TRANSACTION_ACCESS_TAB, propertyHash ?? '')}`,
      }),
    });
  }
}

/** The public side: the listing asked about, the request, and its confirmation link. */
export function accessRequests(ctx: AccessContext) {
  const { deps, repo, brand, now } = ctx;
  return {
    /** What the public request page names: a published listing for sale. */
    async listingFor(hash: string): Promise<TTransactionAccessListing | undefined> {
      const found = await repo.openListing(hash);
      if (!found) return undefined;
      const l = found.listing;
      return {
        address: l.streetAddress,
        city: l.city,
        state: l.state,
        zipCode: l.zipCode,
        url: l.slug ? listingPagePath(l.slug) : null,
      };
    },

    /**
     * A visitor asks for access. Stored unconfirmed and mailed a confirmation link; the owners
     * hear of it only once it is opened. A bot's (honeypot) gets the same answer and nothing.
     */
    async request(
      listingHash: string,
      input: TransactionAccessInput,
    ): Promise<TxOutcome<{ request: TransactionAccessRequest | null }>> {
      const found = await repo.openListing(listingHash);
      if (!found) return refuse(404, T.errors.listingNotFound);
      if (input.website) {
        deps.log.warn({ listing: listingHash }, 'transaction access request dropped: honeypot');
        return ok({ request: null });
      }
      const token = newToken();
      const request = await repo.create({
        propertyId: found.propertyId,
        listingId: found.listing.id,
        name: input.name,
        company: input.company,
        role: input.role,
        email: input.email,
        message: input.message,
        confirmTokenHash: ctx.confirmHash(token),
        confirmExpiresAt: new Date(now().getTime() + TRANSACTION_ACCESS_CONFIRM_HOURS * 3_600_000),
      });
      await ctx.send({
        to: input.email,
        ...transactionAccessConfirm(brand, {
          street: found.listing.streetAddress,
          name: input.name,
          confirmUrl: emailedLink(brand.publicUrl, TRANSACTION_ACCESS_PAGES.confirm, token),
          hours: TRANSACTION_ACCESS_CONFIRM_HOURS,
        }),
      });
      return ok({ request });
    },

    /** The requester opens the mailed link: the request goes to the owners (once). */
    async confirm(token: string): Promise<TxOutcome<{ message: string; hash: string }>> {
      const at = now();
      const done = await repo.change({ confirmTokenHash: ctx.confirmHash(token) }, (r) => {
        if (r.status !== 'unconfirmed')
          return { ok: false, status: 409, message: T.confirm.already };
        if (r.confirmExpiresAt.getTime() <= at.getTime()) {
          return { ok: false, status: 404, message: T.confirm.badLink };
        }
        return { ok: true, set: { status: 'pending', confirmedAt: at } };
      });
      if (!done) return refuse(410, T.confirm.badLink);
      if (!done.ok) {
        return done.status === 409
          ? ok({ message: T.confirm.already, hash: '' })
          : refuse(410, T.confirm.badLink);
      }
      const r = done.after;
      await tellOwners(ctx, r);
      return ok({ message: T.confirm.done, hash: r.hash });
    },
  };
}
