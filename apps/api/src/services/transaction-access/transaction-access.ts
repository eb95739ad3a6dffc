import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DOCUMENT_TYPES,
  emailedLink,
  LISTING_TOOLS_PAGES,
  listingPagePath,
  type TOwnerTransactionAccess,
  TRANSACTION_ACCESS_API,
  TRANSACTION_ACCESS_CONFIRM_HOURS,
  TRANSACTION_ACCESS_PAGES,
  TRANSACTION_ACCESS_ROLES,
  TRANSACTION_ACCESS_TAB,
  TRANSACTION_ACCESS_TEXTS,
  type TTransactionAccessListing,
  type TTransactionAccessShare,
  type TTransactionAccessView,
} from '@lantern/contracts';
import type { TransactionAccessRequest } from '@lantern/db';
import { keyedHash } from '../../lib/keyed-hash.ts';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type {
  TransactionAccessRepository,
  TransactionAccessRow,
} from '../../repositories/transaction-access.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import {
  type BrandData,
  transactionAccessConfirm,
  transactionAccessGranted,
  transactionAccessRefused,
  transactionAccessRequested,
} from '../mail/templates.ts';

const T = TRANSACTION_ACCESS_TEXTS;
const DAY_MS = 86_400_000;
const CONFIRM_PURPOSE = 'transaction-access-confirm';
const ACCESS_PURPOSE = 'transaction-access';

export type TxOutcome<V, S extends 404 | 409 | 410 = 404 | 409 | 410> =
  | { ok: true; value: V }
  | { ok: false; status: S; message: string };
const ok = <V>(value: V): { ok: true; value: V } => ({ ok: true, value });
const refuse = <S extends 404 | 409 | 410>(status: S, message: string) =>
  ({ ok: false, status, message }) as const;

/** What the public form sends, once the contract's schema has read it. */
export interface TransactionAccessInput {
  name: string;
  company: string;
  role: TransactionAccessRequest['role'];
  email: string;
  message: string;
  website?: string | undefined;
}

/** Who opened the shared view, for its log. */
export interface ViewerMeta {
  ip: string;
  userAgent: string;
}

/** The owner acting, with the property they opened (`app.ownedListings`). */
export interface OwnerScope {
  userId: number;
  propertyId: number;
  timeZone: string;
}

export interface TransactionAccessDeps {
  repo: TransactionAccessRepository;
  /** Mails go as `mail.send` jobs (the outbox), retried while SMTP is down. */
  jobs: Pick<JobRunner, 'enqueue'>;
  brand: BrandData;
  /** Keys the stored token hashes (SESSION_SECRET). */
  secret: string;
  /** A shared document's bytes (the documents service, without a user: checked here). */
  fileOf(
    hash: string,
  ): Promise<
    | { name: string; contentType: string; redirect: string }
    | { name: string; contentType: string; stream: Readable }
    | undefined
  >;
  log: { warn(obj: object, msg: string): void };
  now?: () => Date;
}

/** A long random token (256 bits), mailed once and stored only as its keyed hash. */
const newToken = () => randomBytes(32).toString('base64url');

/** A request in the wrong state for a decision: unconfirmed ones are not the owners' to see. */
const wrongState = (r: TransactionAccessRequest, message: string) =>
  ({ ok: false, status: r.status === 'unconfirmed' ? 404 : 409, message }) as const;

/** The day access ends, as people at the home read it. */
const formatDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(at);

/**
 * Transaction access (issue 24; docs/decisions/047-transaction-access.md): a request from a
 * listing page, confirmed by its mailed link before the owners hear of it; the owners' approval
 * (1–90 days, what they share), refusal or revocation under the row's lock; the shared view by
 * a capability link, checked against the stored row on every request and logged every time.
 */
export function createTransactionAccessService(deps: TransactionAccessDeps) {
  const { repo, brand } = deps;
  const now = deps.now ?? (() => new Date());
  const confirmHash = (token: string) => keyedHash(deps.secret, CONFIRM_PURPOSE, token);
  const accessHash = (token: string) => keyedHash(deps.secret, ACCESS_PURPOSE, token);
  const send = (mail: OutgoingMail) => deps.jobs.enqueue(MAIL_JOB, mail);

  const statusOf = (r: TransactionAccessRequest, at: Date): TOwnerTransactionAccess['status'] =>
    r.status === 'approved' && r.expiresAt && r.expiresAt.getTime() <= at.getTime()
      ? 'expired'
      : r.status;

  function ownerView(
    row: TransactionAccessRow,
    views: { at: Date; ip: string; what: string }[],
  ): TOwnerTransactionAccess {
    const r = row.request;
    return {
      hash: r.hash,
      name: r.name,
      company: r.company,
      role: r.role,
      email: r.email,
      message: r.message,
      status: statusOf(r, now()),
      shares: r.shares,
      days: r.days,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decidedBy: row.decidedBy,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      revokedAt: r.revokedAt?.toISOString() ?? null,
      views: views.map((v) => ({ at: v.at.toISOString(), ip: v.ip, what: v.what })),
    };
  }

  async function ownerRow(scope: OwnerScope, hash: string) {
    const [row] = await repo.forProperty(scope.propertyId, hash);
    if (!row) return undefined;
    const views = await repo.views([row.request.id]);
    return ownerView(row, views.get(row.request.id) ?? []);
  }

  /** The request's row, if its access link is live now: approved, not expired, not revoked. */
  async function liveAccess(token: string | undefined) {
    if (!token) return undefined;
    const r = await repo.byAccessToken(accessHash(token));
    if (!r || statusOf(r, now()) !== 'approved') return undefined;
    return r;
  }

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
        confirmTokenHash: confirmHash(token),
        confirmExpiresAt: new Date(now().getTime() + TRANSACTION_ACCESS_CONFIRM_HOURS * 3_600_000),
      });
      await send({
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
      const done = await repo.change({ confirmTokenHash: confirmHash(token) }, (r) => {
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
      const listing = await repo.listing(r.listingId);
      const propertyHash = await repo.propertyHash(r.propertyId);
      for (const owner of await repo.owners(r.propertyId)) {
        await send({
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
      return ok({ message: T.confirm.done, hash: r.hash });
    },

    /** The owners' list: confirmed requests, newest first, each with its view log. */
    async forOwner(scope: OwnerScope): Promise<{ requests: TOwnerTransactionAccess[] }> {
      const rows = await repo.forProperty(scope.propertyId);
      const views = await repo.views(rows.map((r) => r.request.id));
      return { requests: rows.map((row) => ownerView(row, views.get(row.request.id) ?? [])) };
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
                accessTokenHash: accessHash(token),
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
      await send({
        to: done.after.email,
        ...transactionAccessGranted(brand, {
          street: listing?.streetAddress ?? '',
          name: done.after.name,
          until: formatDay(expiresAt, scope.timeZone),
          accessUrl: emailedLink(brand.publicUrl, TRANSACTION_ACCESS_PAGES.view, token),
        }),
      });
      const request = await ownerRow(scope, hash);
      if (!request) return refuse(404, T.errors.notFound);
      return ok({ message: T.dashboard.approved, request });
    },

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
      await send({
        to: done.after.email,
        ...transactionAccessRefused(brand, {
          street: listing?.streetAddress ?? '',
          name: done.after.name,
        }),
      });
      const request = await ownerRow(scope, hash);
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
      const request = await ownerRow(scope, hash);
      if (!request) return refuse(404, T.errors.notFound);
      return ok({ message: T.dashboard.revoked, request });
    },

    /** Whether a token opens a live access now (to set the cookie only for one that does). */
    async isLive(token: string | undefined): Promise<boolean> {
      return Boolean(await liveAccess(token));
    },

    /** The shared view, read fresh from the row and logged; undefined when access is not live. */
    async view(
      token: string | undefined,
      meta: ViewerMeta,
    ): Promise<TTransactionAccessView | undefined> {
      const r = await liveAccess(token);
      if (!r?.expiresAt) return undefined;
      const listing = await repo.listing(r.listingId);
      if (!listing) return undefined;
      await repo.logView({ requestId: r.id, what: 'overview', ...meta });
      const timeZone = timeZoneOfState(listing.state);
      const shares = r.shares;
      const documents = shares.includes('documents')
        ? (await repo.documents(r.propertyId)).map((d) => ({
            hash: d.hash,
            type: d.type,
            label: DOCUMENT_TYPES[d.type].label,
            state: d.state,
            fileName: d.fileName,
            uploadedAt: d.uploadedAt.toISOString(),
            url: TRANSACTION_ACCESS_API.documentFile(d.hash),
          }))
        : null;
      const showings = shares.includes('showings')
        ? (await repo.showings(r.propertyId, now())).map((s) => ({
            start: s.start.toISOString(),
            end: new Date(s.start.getTime() + s.minutes * 60_000).toISOString(),
            status: s.status,
          }))
        : null;
      return {
        requester: { name: r.name, company: r.company },
        expiresAt: r.expiresAt.toISOString(),
        timeZone,
        shares,
        listing: {
          status: listing.status,
          address: listing.streetAddress,
          city: listing.city,
          state: listing.state,
          zipCode: listing.zipCode,
          price: listing.price,
          bedrooms: listing.bedrooms,
          bathrooms: listing.bathrooms,
          squareFeet: listing.squareFeet,
          listedAt: listing.listedAt.toISOString(),
          url: listing.publishedAt && listing.slug ? listingPagePath(listing.slug) : null,
        },
        documents,
        showings,
      };
    },

    /** One shared document's file, when documents are shared and it is this property's. */
    async documentFile(token: string | undefined, docHash: string, meta: ViewerMeta) {
      const r = await liveAccess(token);
      if (!r?.shares.includes('documents')) return undefined;
      const doc = (await repo.documents(r.propertyId)).find((d) => d.hash === docHash);
      if (!doc) return undefined;
      const file = await deps.fileOf(doc.hash);
      if (!file) return undefined;
      await repo.logView({
        requestId: r.id,
        what: `document:${doc.type}:${doc.fileName}`,
        ...meta,
      });
      return file;
    },
  };
}
export type TransactionAccessService = ReturnType<typeof createTransactionAccessService>;
