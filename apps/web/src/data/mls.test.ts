import { ZMlsBoardListSchema } from '@lantern/contracts';
import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { describe, expect, it } from 'vitest';
import { boardsForState, byName } from './mls.ts';

/** The dataset the database is seeded with (packages/db), as the pages receive it. */
const seeded = () => byName(ZMlsBoardListSchema.parse(MLS_BOARDS));

describe('MLS directory', () => {
  it('validates the packages/db dataset: 25 boards, each with a source on its own site', () => {
    const boards = seeded();
    expect(boards).toHaveLength(25);
    expect(new Set(boards.map((b) => b.slug)).size).toBe(25);
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
    const bySlug = new Map(seeded().map((b) => [b.slug, b]));
    expect(bySlug.get('har')?.counties).toContain('Harris');
    expect(bySlug.get('nwmls')?.counties).toContain('King');
    expect(bySlug.get('heartland-mls')?.counties).toBeNull();
  });

  it('orders by name and finds the boards for a state', () => {
    const boards = seeded();
    const names = boards.map((b) => b.name);
    expect(byName([...boards].reverse()).map((b) => b.name)).toEqual(names);
    expect(
      boardsForState(boards, 'TX')
        .map((b) => b.slug)
        .sort(),
    ).toEqual(['har', 'ntreis', 'sabor', 'unlock-mls']);
  });
});
