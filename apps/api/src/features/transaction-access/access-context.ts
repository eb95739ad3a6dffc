import { randomBytes } from 'node:crypto';
import type { TOwnerTransactionAccess } from '@lantern/contracts';
import type { TransactionAccessRequest } from '@lantern/db';
import { keyedHash } from '../../lib/keyed-hash.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import type { OwnerScope, TransactionAccessDeps } from './access-types.ts';
import type { TransactionAccessRow } from './transaction-access.repository.ts';

export const DAY_MS = 86_400_000;
const CONFIRM_PURPOSE = 'transaction-access-confirm';
const ACCESS_PURPOSE = 'transaction-access';

export const ok = <V>(value: V): { ok: true; value: V } => ({ ok: true, value });
export const refuse = <S extends 404 | 409 | 410>(status: S, message: string) =>
  ({ ok: false, status, message }) as const;

/** A long random token (256 bits), mailed once and stored only as its keyed hash. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A request in the wrong state for a decision: unconfirmed ones are not the owners' to see. */
export const wrongState = (r: TransactionAccessRequest, message: string) =>
  ({ ok: false, status: r.status === 'unconfirmed' ? 404 : 409, message }) as const;

/** The day access ends, as people at the home read it. */
export const formatDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(at);

export const statusOf = (
  r: TransactionAccessRequest,
  at: Date,
): TOwnerTransactionAccess['status'] =>
  r.status === 'approved' && r.expiresAt && r.expiresAt.getTime() <= at.getTime()
    ? 'expired'
    : r.status;

/** A request as its owners see it, with its view log; its status as of `at`. */
export function ownerView(
  row: TransactionAccessRow,
  views: { at: Date; ip: string; what: string }[],
  at: Date,
): TOwnerTransactionAccess {
  const r = row.request;
  return {
    hash: r.hash,
    name: r.name,
    company: r.company,
    role: r.role,
    email: r.email,
    message: r.message,
    status: statusOf(r, at),
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

/** What every part of the service shares: the deps, the clock, token hashes and the outbox. */
export function accessContext(deps: TransactionAccessDeps) {
  const { repo, brand } = deps;
  const now = deps.now ?? (() => new Date());
  const confirmHash = (token: string) => keyedHash(deps.secret, CONFIRM_PURPOSE, token);
  const accessHash = (token: string) => keyedHash(deps.secret, ACCESS_PURPOSE, token);
  const send = (mail: OutgoingMail) => deps.jobs.enqueue(MAIL_JOB, mail);

  async function ownerRow(scope: OwnerScope, hash: string) {
    const [row] = await repo.forProperty(scope.propertyId, hash);
    if (!row) return undefined;
    const views = await repo.views([row.request.id]);
    return ownerView(row, views.get(row.request.id) ?? [], now());
  }

  /** The request's row, if its access link is live now: approved, not expired, not revoked. */
  async function liveAccess(token: string | undefined) {
    if (!token) return undefined;
    const r = await repo.byAccessToken(accessHash(token));
    if (!r || statusOf(r, now()) !== 'approved') return undefined;
    return r;
  }

  return { deps, repo, brand, now, confirmHash, accessHash, send, ownerRow, liveAccess };
}
export type AccessContext = ReturnType<typeof accessContext>;
