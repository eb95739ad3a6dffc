import type { MlsBoard } from '@lantern/db';
import { describe, expect, it } from 'vitest';
import { chooseBoard } from './boards.ts';
import { storedForm } from './mls-listing.ts';
import { blockingStep, nextStep, withoutStep, withStep } from './steps.ts';

describe('step order', () => {
  it.each([
    ['location', [], null],
    ['form', [], 'location'],
    ['form', ['location'], null],
    ['services', ['location'], 'form'],
    ['payment', ['location', 'form', 'services'], 'photos'],
    ['payment', ['form', 'services', 'photos'], 'location'],
    ['location', ['location', 'form'], null],
  ] as const)('%s after %j waits for %s', (step, done, blocked) => {
    expect(blockingStep(step, done)).toBe(blocked);
  });

  it('resumes at the first step not done, and keeps steps in order', () => {
    expect(nextStep([])).toBe('location');
    expect(nextStep(['location', 'services'])).toBe('form');
    expect(nextStep(['location', 'form', 'services', 'photos', 'payment'])).toBe('sign');
    expect(withStep(['form', 'location'], 'location')).toEqual(['location', 'form']);
    expect(withoutStep(['location', 'form', 'services'], 'form')).toEqual(['location', 'services']);
  });
});

describe('choosing the MLS', () => {
  const board = (slug: string) => ({ id: slug.length, slug }) as MlsBoard;
  it('takes none when no board serves the county, whatever was asked', () => {
    expect(chooseBoard([], 'any')).toEqual({ ok: true, board: null });
  });
  it('takes the only board, and refuses another', () => {
    const only = board('only');
    expect(chooseBoard([only], undefined)).toEqual({ ok: true, board: only });
    expect(chooseBoard([only], 'only')).toEqual({ ok: true, board: only });
    expect(chooseBoard([only], 'other')).toEqual({ ok: false, reason: 'notForCounty' });
  });
  it('wants one of several chosen', () => {
    const [a, b] = [board('a'), board('bb')];
    expect(chooseBoard([a, b], null)).toEqual({ ok: false, reason: 'required' });
    expect(chooseBoard([a, b], 'bb')).toEqual({ ok: true, board: b });
    expect(chooseBoard([a, b], 'c')).toEqual({ ok: false, reason: 'notForCounty' });
  });
});

describe('reading a stored form back', () => {
  it('drops only the fields the schema no longer accepts', () => {
    expect(storedForm({ ListPrice: 300_000, BedroomsTotal: 250, Unknown: 'x' })).toEqual({
      ListPrice: 300_000,
    });
    expect(storedForm(null)).toEqual({});
    expect(storedForm([1, 2])).toEqual({});
  });
});
