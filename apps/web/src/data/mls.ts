import { type TMlsBoard, ZMlsBoardListSchema } from '@lantern/contracts';
import { MLS_BOARDS } from '@lantern/db/mls-boards';

/**
 * The MLS directory the pages are built from: the dataset kept in packages/db, validated here so
 * a bad entry fails the build. Staff edits reach the site by a rebuild
 * (docs/decisions/008-staff-editable-values.md).
 */
export function loadMlsBoards(source: unknown = MLS_BOARDS): TMlsBoard[] {
  const boards = ZMlsBoardListSchema.parse(source);
  const slugs = new Set<string>();
  for (const b of boards) {
    if (slugs.has(b.slug)) throw new Error(`Duplicate MLS slug ${b.slug}`);
    slugs.add(b.slug);
  }
  return [...boards].sort((a, b) => a.name.localeCompare(b.name));
}

/** The boards that serve a state. */
export function boardsForState(boards: readonly TMlsBoard[], state: string): TMlsBoard[] {
  return boards.filter((b) => b.states.includes(state));
}
