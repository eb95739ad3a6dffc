import type { TActivityItem } from '@lantern/contracts';
import type { ActivitySource } from '../activity.repository.ts';

/**
 * The newest `limit` items of every source, newest first. At the same instant a later source
 * comes first (an invoice above the order it bills), so the order never depends on timing.
 */
export async function recentActivity(
  sources: readonly ActivitySource[],
  propertyId: number,
  limit: number,
): Promise<TActivityItem[]> {
  const lists = await Promise.all(sources.map((source) => source(propertyId, limit)));
  return lists
    .flatMap((items, rank) => items.map((item) => ({ item, rank, at: Date.parse(item.at) })))
    .sort((a, b) => b.at - a.at || b.rank - a.rank)
    .slice(0, limit)
    .map(({ item }) => item);
}
