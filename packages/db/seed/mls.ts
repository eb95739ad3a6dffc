import type { Db } from '../src/client.ts';
import { mlsBoards } from '../src/schema/mls.ts';
import { MLS_BOARDS, type MlsBoardSeed } from './mls-boards.ts';

/**
 * Insert the MLS boards that are missing. Rows already present are left alone (staff may have
 * edited them), so this is safe at every start and from several instances at once.
 */
export async function seedMlsBoards(
  db: Db,
  boards: readonly MlsBoardSeed[] = MLS_BOARDS,
): Promise<number> {
  if (!boards.length) return 0;
  const inserted = await db
    .insert(mlsBoards)
    .values(
      boards.map((b) => ({
        slug: b.slug,
        name: b.name,
        shortName: b.shortName,
        states: b.states,
        counties: b.counties,
        region: b.region,
        website: b.website,
        sourceName: b.source.name,
        sourceUrl: b.source.url,
        notes: b.notes,
      })),
    )
    .onConflictDoNothing({ target: mlsBoards.slug })
    .returning({ id: mlsBoards.id });
  return inserted.length;
}
