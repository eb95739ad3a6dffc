import { describe, expect, it } from 'vitest';
import { titleCase, titleWord } from './text.ts';

describe('titleWord', () => {
  it.each([
    ['MAIN', 'Main'],
    ['main', 'Main'],
    ['1ST', '1st'],
    ['22ND', '22nd'],
    ['12B', '12B'],
    ["O'NEIL", "O'Neil"],
    ["PAUL'S", "Paul's"],
    ['WILKES-BARRE', 'Wilkes-Barre'],
    ['US', 'US'],
    ['fm', 'FM'],
    ['ÉCOLE', 'École'],
  ])('%s -> %s', (word, display) => {
    expect(titleWord(word)).toBe(display);
  });
});

describe('titleCase', () => {
  it('title-cases each word and collapses spaces', () => {
    expect(titleCase('  SAINT   LOUIS ')).toBe('Saint Louis');
    expect(titleCase('')).toBe('');
  });
});
