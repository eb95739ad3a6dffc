import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { describe, expect, it } from 'vitest';
import { boardsForState, loadMlsBoards } from './mls.ts';

describe('MLS directory', () => {
  it('validates the packages/db dataset: 25 boards, each with a source on its own site', () => {
    const boards = loadMlsBoards();
    expect(boards).toHaveLength(25);
    for (const b of boards) {
      expect(new URL(b.source.url).host).toBe(new URL(b.website).host);
      // Only core counties, never guessed: none where even those are in doubt.
      if (b.counties !== null) {
        expect(b.counties.length).toBeGreaterThan(0);
        expect(new Set(b.counties).size).toBe(b.counties.length);
      }
    }
  });

  it('lists the core counties of the big markets, and none where the names are ambiguous', () => {
    const bySlug = new Map(loadMlsBoards().map((b) => [b.slug, b]));
    expect(bySlug.get('har')?.counties).toContain('Harris');
    expect(bySlug.get('nwmls')?.counties).toContain('King');
    expect(bySlug.get('heartland-mls')?.counties).toBeNull();
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
