import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (issue 16; docs/decisions/031-mls-listing-builder.md "File storage"):
 * the local filesystem under DATA_DIR/files by default, any S3-compatible store when S3_BUCKET is
 * set. Keys are ours (`listings/{hash}/photos/{hash}/original`), never a name a user typed.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Store a body; a stream is never held whole in memory. Returns the bytes written. */
  put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<number>;
  /** The stored bytes as a stream, or null when there is no such key. */
  get(key: string): Promise<Readable | null>;
  /** Copy a stored file to another key, within the store (the bytes never pass through us on S3). */
  copy(from: string, to: string): Promise<void>;
  /** Remove these keys (missing ones are fine). */
  delete(keys: readonly string[]): Promise<void>;
  /** Remove every key under this prefix (which must end in `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored key, in no particular order (backups copy the store with it). */
  keys(): AsyncIterable<string>;
  /** Let go of connections (the S3 client keeps its sockets alive, which keeps a CLI running). */
  close(): void;
  /** A URL a browser may fetch the file from for a while (S3), or null: the route streams it. */
  signedUrl(key: string, options: { expiresInSeconds: number }): Promise<string | null>;
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Signed links are made for this address when browsers reach the store elsewhere. */
  publicEndpoint?: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export type StorageConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3StorageConfig);

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys are made by us; anything else (`..`, absolute paths, odd characters) is a bug. */
export function assertKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
  return key;
}

export function assertPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error('a storage prefix ends with /');
  assertKey(prefix.slice(0, -1));
  return prefix;
}
