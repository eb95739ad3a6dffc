import type { Readable } from 'node:stream';
import type { TransactionAccessRequest } from '@lantern/db';
import type { JobRunner } from '../jobs/runner.ts';
import type { BrandData } from '../mail/templates.ts';
import type { TransactionAccessRepository } from './transaction-access.repository.ts';

// The transaction access service's types, apart so that its sub-modules and
// transaction-access.ts can share them without importing each other (issue 42).

export type TxOutcome<V, S extends 404 | 409 | 410 = 404 | 409 | 410> =
  | { ok: true; value: V }
  | { ok: false; status: S; message: string };
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
