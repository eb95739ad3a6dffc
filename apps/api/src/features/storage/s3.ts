import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertNoUnitOfWork } from '@lantern/db';
import { assertKey, assertPrefix, type FileStorage, type S3StorageConfig } from './file-storage.ts';

/** A client of the store at `endpoint`, path-style, checksums only where required. */
const clientFor = (config: S3StorageConfig, endpoint: string | undefined) =>
  new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
/** Delete keys a thousand at a time (S3's limit per request). */
async function deleteKeys(client: S3Client, Bucket: string, keys: readonly string[]) {
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    if (!chunk.length) continue;
    await client.send(
      new DeleteObjectsCommand({
        Bucket,
        Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

/** Store a buffer as it is; a stream is spooled to a temporary file for its length first. */
async function putObject(
  client: S3Client,
  Bucket: string,
  key: string,
  body: Readable | Buffer,
  contentType: string,
): Promise<number> {
  assertNoUnitOfWork('Object storage');
  assertKey(key);
  if (Buffer.isBuffer(body)) {
    await client.send(
      new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
    );
    return body.length;
  }
  const dir = await mkdtemp(join(tmpdir(), 'lantern-s3-'));
  const temp = join(dir, randomBytes(6).toString('hex'));
  try {
    await pipeline(body, createWriteStream(temp));
    const { size } = await stat(temp);
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: key,
        Body: createReadStream(temp),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    return size;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Delete every key under `prefix`, a listed page at a time. */
async function deleteUnder(client: S3Client, Bucket: string, prefix: string) {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
    );
    await deleteKeys(
      client,
      Bucket,
      (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])),
    );
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Every key in the bucket, a listed page at a time. */
async function* listKeys(client: S3Client, Bucket: string): AsyncIterable<string> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Any S3-compatible store (AWS, MinIO, R2, …). Path-style addressing works everywhere; checksums
 * only when an operation needs one, as most S3-compatible stores reject the SDK's newer defaults.
 * A stream of unknown length is spooled to a temporary file first (S3 needs the length up
 * front, and multipart uploads would hold 5 MB parts in memory per file).
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = clientFor(config, config.endpoint);
  // Signing makes no request: a client for the public address only puts that host in the link.
  const signer = config.publicEndpoint ? clientFor(config, config.publicEndpoint) : client;
  const Bucket = config.bucket;

  return {
    kind: 's3',
    async put(key, body, { contentType }) {
      return putObject(client, Bucket, key, body, contentType);
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
        return (out.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async copy(from, to) {
      assertNoUnitOfWork('Object storage');
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: assertKey(to),
          CopySource: `${Bucket}/${encodeURI(assertKey(from))}`,
        }),
      );
    },
    async delete(keys) {
      assertNoUnitOfWork('Object storage');
      await deleteKeys(client, Bucket, keys.map(assertKey));
    },
    async deletePrefix(prefix) {
      assertNoUnitOfWork('Object storage');
      assertPrefix(prefix);
      await deleteUnder(client, Bucket, prefix);
    },
    close() {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
    keys: () => listKeys(client, Bucket),
    async signedUrl(key, { expiresInSeconds }) {
      return getSignedUrl(signer, new GetObjectCommand({ Bucket, Key: assertKey(key) }), {
        expiresIn: expiresInSeconds,
      });
    },
  };
}
