import type { Readable } from 'node:stream';
import type { UserRepository } from '../auth/users.repository.ts';
import type { OutgoingMail } from '../mail/index.ts';
import type { BrandData } from '../mail/templates.ts';
import type { SigningService } from '../signing/signing.ts';
import type { SigningDocumentRepository } from '../signing/signing-documents.repository.ts';
import type { FileStorage } from '../storage/index.ts';
import type { SettlementRepository } from './settlement.repository.ts';

// The settlement service's dependencies and file shape, apart so that its sub-modules and
// settlement.ts can share them without importing each other (issue 42).

export interface SettlementDeps {
  repo: SettlementRepository;
  signing: SigningService;
  documents: Pick<SigningDocumentRepository, 'findByHash' | 'supersede'>;
  /** The signer, and the staff told that a signed CDA waits for them. */
  users: Pick<UserRepository, 'findById' | 'staffEmailsWith'>;
  storage: FileStorage;
  /** The listing brokerage, as the CDA names it. */
  broker: string;
  mail: (mail: OutgoingMail) => Promise<unknown>;
  brand: BrandData;
}

export type StoredFile =
  | { name: string; contentType: string; redirect: string }
  | { name: string; contentType: string; stream: Readable };
