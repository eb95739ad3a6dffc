import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import tokensCss from './tokens.css?raw';
import { COLOR_PAIRS, type TokenGroup, tokenName, tokens } from './tokens.ts';

function cssDeclarations(css: string): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const match of css.matchAll(/(--ln-[\w-]+):\s*([^;]+);/g)) {
    declarations.set(match[1] ?? '', (match[2] ?? '').replace(/\s+/g, ' ').trim());
  }
  return declarations;
}

describe('tokens', () => {
  it('tokens.css declares exactly the values of tokens.ts', () => {
    const expected = new Map<string, string>();
    for (const [group, values] of Object.entries(tokens)) {
      for (const [key, value] of Object.entries(values)) {
        expected.set(tokenName(group as TokenGroup, key as never), value);
      }
    }
    expect(cssDeclarations(tokensCss)).toEqual(expected);
  });

  it.each(COLOR_PAIRS)('$fg on $bg reaches $min:1', ({ fg, bg, min }) => {
    expect(contrastRatio(tokens.color[fg], tokens.color[bg])).toBeGreaterThanOrEqual(min);
  });
});
