import { emailedLink, type TOwnerTransactionAccess } from '@lantern/contracts';
import {
  TRANSACTION_ACCESS_PAGES,
  TRANSACTION_ACCESS_TEXTS,
  type TTransactionAccessShare,
} from '@lantern/domain';
import { transactionAccessGranted, transactionAccessRefused } from '../mail/templates.ts';
import {
  type AccessContext,
  DAY_MS,
  formatDay,
  newToken,
  ok,
  ownerView,
  refuse,
  wrongState,
} from './access-context.ts';
import type { OwnerScope, TxOutcome } from './access-types.ts';

const T = TRANSACTION_ACCESS_TEXTS;

/** The owners' list and their approval of a request. */
export function accessGrants(ctx: AccessContext) {
  const { repo, brand, now } = ctx;
  return {
    /** The owners' list: confirmed requests, newest first, each with its view log. */
    async forOwner(scope: OwnerScope): Promise<{ requests: TOwnerTransactionAccess[] }> {
      const rows = await repo.forProperty(scope.propertyId);
      const views = await repo.views(rows.map((r) => r.request.id));
      return {
        requests: rows.map((row) => ownerView(row, views.get(row.request.id) ?? [], now())),
      };
    },

    /** Give access for `days` with what is shared; the requester is mailed a new link. */
    async approve(
      scope: OwnerScope,
      hash: string,
      choice: { days: number; shares: TTransactionAccessShare[] },
    ): Promise<TxOutcome<{ message: string; request: TOwnerTransactionAccess }, 404 | 409>> {
      const at = now();
      const token = newToken();
      const expiresAt = new Date(at.getTime() + choice.days * DAY_MS);
      // The listing's facts are always part of the view; the rest is what the owner ticked.
      const shares = [...new Set<TTransactionAccessShare>(['listing', ...choice.shares])];
      const done = await repo.change({ hash, propertyId: scope.propertyId }, (r) =>
        r.status === 'pending'
          ? {
              ok: true,
              set: {
                status: 'approved',
                accessTokenHash: ctx.accessHash(token),
                shares,
                days: choice.days,
                expiresAt,
                decidedBy: scope.userId,
                decidedAt: at,
              },
            }
          : wrongState(r, T.errors.notPending),
      );
      if (!done) return refuse(404, T.errors.notFound);
      if (!done.ok)
        return refuse(done.status, done.status === 404 ? T.errors.notFound : done.message);
      const listing = await repo.listing(done.after.listingId);
      await ctx.send({
        to: done.after.email,
        ...transactionAccessGranted(brand, {
          street: listing?.streetAddress ?? '',
          name: done.after.name,
          until: formatDay(expiresAt, scope.timeZone),
          accessUrl: emailedLink(brand.publicUrl, TRANSACTION_ACCESS_PAGES.view, token),
        }),
      });
      const request = await ctx.ownerRow(scope, hash);
      if (!request) return refuse(404, T.errors.notFound);
      return ok({ message: T.dashboard.approved, request });
    },
  };
}

/** The owners' refusal of a pending request, and the revocation of a granted one. */
export function accessWithdrawals(ctx: AccessContext) {
  const { repo, brand, now } = ctx;
  return {
    /** Refuse a pending request; the requester is told. */
    async refuse(
      scope: OwnerScope,
      hash: string,
    ): Promise<TxOutcome<{ message: string; request: TOwnerTransactionAccess }, 404 | 409>> {
      const at = now();
      const done = await repo.change({ hash, propertyId: scope.propertyId }, (r) =>
        r.status === 'pending'
          ? { ok: true, set: { status: 'refused', decidedBy: scope.userId, decidedAt: at } }
          : wrongState(r, T.errors.notPending),
      );
      if (!done) return refuse(404, T.errors.notFound);
      if (!done.ok)
        return refuse(done.status, done.status === 404 ? T.errors.notFound : done.message);
      const listing = await repo.listing(done.after.listingId);
      await ctx.send({
        to: done.after.email,
        ...transactionAccessRefused(brand, {
          street: listing?.streetAddress ?? '',
          name: done.after.name,
        }),
      });
      const request = await ctx.ownerRow(scope, hash);
      if (!request) return refuse(404, T.errors.notFound);
      return ok({ message: T.dashboard.refused, request });
    },

    /** Take access back: the link stops working at its next request (nothing is cached). */
    async revoke(
      scope: OwnerScope,
      hash: string,
    ): Promise<TxOutcome<{ message: string; request: TOwnerTransactionAccess }, 404 | 409>> {
      const at = now();
      const done = await repo.change({ hash, propertyId: scope.propertyId }, (r) =>
        r.status === 'approved'
          ? {
              ok: true,
              set: {
                status: 'revoked',
                accessTokenHash: null,
                revokedBy: scope.userId,
                revokedAt: at,
              },
            }
          : wrongState(r, T.errors.notApproved),
      );
      if (!done) return refuse(404, T.errors.notFound);
      if (!done.ok)
        return refuse(done.status, done.status === 404 ? T.errors.notFound : done.message);
      const request = await ctx.ownerRow(scope, hash);
      if (!request) return refuse(404, T.errors.notFound);
      return ok({ message: T.dashboard.revoked, request });
    },
  };
}
