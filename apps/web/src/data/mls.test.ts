import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { describe, expect, it } from 'vitest';
import { boardsForState, loadMlsBoards } from './mls.ts';

describe('MLS directory', () => {
  it('validates the packages/db dataset: 25 boards, each with a source on its own site', () => {
    const boards = loadMlsBoards();
    expect(boards).toHaveLength(25);
    for (const b of boards) {
      expect(new URL(b.source.url).host).toBe(new URL(b.website).host);
      // Counties are unknown until confirmed: never guessed.
      expect(b.counties).toBeNull();
    }
  });

  it('rejects duplicates and malformed entries', () => {
    const first = MLS_BOARDS[0];
    expect(() => loadMlsBoards([first, first])).toThrow(/Duplicate/);
    expect(() => loadMlsBoards([{ ...first, states: ['Texas'] }])).toThrow();
  });

  it('finds the boards for a state', () => {
    expect(
      boardsForState(loadMlsBoards(), 'TX')
        .map((b) => b.slug)
        .sort(),
    ).toEqual(['har', 'ntreis', 'sabor', 'unlock-mls']);
  });
});
