import type { FileStorage, StorageConfig } from './file-storage.ts';

/** The store and its key rules (file-storage.ts), and the one way to open the configured store. */
export * from './file-storage.ts';

export async function createStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.kind === 's3') {
    const { createS3Storage } = await import('./s3.ts');
    return createS3Storage(config);
  }
  const { createLocalStorage } = await import('./local.ts');
  return createLocalStorage(config.root);
}
