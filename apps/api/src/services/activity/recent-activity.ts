import type { TActivityItem } from '@lantern/contracts';
import type { Db } from '@lantern/db';
import { ACTIVITY_SOURCES, type ActivitySource } from './sources.ts';

/** The newest `limit` items of every source, newest first. */
export async function recentActivity(
  db: Db,
  propertyId: number,
  limit: number,
  sources: readonly ActivitySource[] = ACTIVITY_SOURCES,
): Promise<TActivityItem[]> {
  const lists = await Promise.all(sources.map((source) => source(db, propertyId, limit)));
  return lists
    .flat()
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, limit);
}
