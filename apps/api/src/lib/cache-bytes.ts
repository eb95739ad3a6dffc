/**
 * Rough heap sizes of cache entries, so the caches are bounded by memory (lru-cache's maxSize)
 * rather than by a count of entries whose size the cache does not control. Measured on Node 24
 * (docs/decisions/014-memory-budget.md): an entry's bookkeeping plus a small record is about
 * 160 bytes, and a string about 24 bytes besides its characters.
 */
export const MB = 1024 * 1024;
export const ENTRY_BYTES = 160;

export function stringBytes(...texts: string[]): number {
  let bytes = 0;
  for (const text of texts) bytes += 24 + text.length;
  return bytes;
}
