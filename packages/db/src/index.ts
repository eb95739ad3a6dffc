export * from './client.ts';
export * from './errors.ts';
export { FolderInUseError, lockFolder } from './folder-lock.ts';
export * from './ids.ts';
export { openPglite } from './pglite.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export * from './unit-of-work.ts';
