import { describe, expect, it } from 'vitest';
import { MESSAGES } from './errors.ts';
import { multilineText, singleLineText, withoutControlCharacters } from './text.ts';

describe('the shared text schemas', () => {
  it('refuse a lone surrogate in words, and keep whole emoji', () => {
    for (const schema of [singleLineText(), multilineText()]) {
      for (const broken of ['goodwill \ud800', 'x\udc00y', '\ud83d']) {
        const out = schema.safeParse(broken);
        expect(out.success).toBe(false);
        expect(out.error?.issues[0]?.message).toBe(MESSAGES.brokenCharacters);
      }
      expect(schema.safeParse('Home sweet home 🏡').success).toBe(true);
    }
  });

  it('makes outside text storable: a lone surrogate becomes the replacement character', () => {
    expect(withoutControlCharacters('photo\ud800.jpg')).toBe('photo\ufffd.jpg');
    expect(withoutControlCharacters('🏡.jpg')).toBe('🏡.jpg');
  });
});
