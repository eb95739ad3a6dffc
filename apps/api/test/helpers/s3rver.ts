import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/features/storage/index.ts';

/** A local S3-compatible server (s3rver) with one bucket, for the S3 storage adapter's tests. */
export async function startS3rver(bucket = 'lantern-test') {
  const directory = mkdtempSync(join(tmpdir(), 'lantern-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const config: S3StorageConfig = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    config,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
