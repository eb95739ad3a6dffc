import { readFileSync } from 'node:fs';
import { type TMlsBoard, ZMlsBoardListSchema } from '@lantern/contracts';
import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { site } from '../config/site.ts';

/**
 * Where the boards come from: the snapshot of the `mls_boards` table that the API's rebuild job
 * writes (MLS_BOARDS_FILE) when staff have edited them, else the dataset kept in packages/db
 * (docs/decisions/008 and 028).
 */
export function mlsBoardsSource(file: string | null = site.mlsBoardsFile): unknown {
  return file ? JSON.parse(readFileSync(file, 'utf8')) : MLS_BOARDS;
}

/**
 * The MLS directory the pages are built from, validated here so a bad entry fails the build.
 * Staff edits reach the site by a rebuild (docs/decisions/008-staff-editable-values.md).
 */
export function loadMlsBoards(source: unknown = mlsBoardsSource()): TMlsBoard[] {
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
