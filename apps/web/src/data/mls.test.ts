import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { describe, expect, it } from 'vitest';
import { boardsForState, loadMlsBoards, mlsBoardsSource } from './mls.ts';

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

  it('builds from the snapshot the API writes when MLS_BOARDS_FILE names one', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mls-snapshot-')), 'mls-boards.json');
    const edited = MLS_BOARDS.map((b) =>
      b.slug === 'nwmls'
        ? {
            ...b,
            counties: [...(b.counties ?? []), 'Yakima'],
            listingFeeCents: 15_000,
            rules: 'Photos within 3 days.',
          }
        : b,
    );
    writeFileSync(file, JSON.stringify(edited));
    const nwmls = loadMlsBoards(mlsBoardsSource(file)).find((b) => b.slug === 'nwmls');
    expect(nwmls).toMatchObject({ listingFeeCents: 15_000, rules: 'Photos within 3 days.' });
    expect(nwmls?.counties).toContain('Yakima');
    writeFileSync(file, JSON.stringify([{ ...MLS_BOARDS[0], listingFeeCents: -1 }]));
    expect(() => loadMlsBoards(mlsBoardsSource(file))).toThrow();
    expect(mlsBoardsSource(null)).toBe(MLS_BOARDS);
  });
});
