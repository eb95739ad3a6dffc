import { describe, expect, it, vi } from 'vitest';

vi.mock('astro:content', () => ({ getCollection: async () => [] }));
const { readingMinutes, tagLabel } = await import('./blog.ts');

describe('blog helpers', () => {
  it('estimates reading time at 200 words a minute, at least one', () => {
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`## Heading\n\n${'word '.repeat(390)}`)).toBe(2);
  });

  it('labels tags', () => {
    expect(tagLabel('fair-housing')).toBe('Fair housing');
    expect(tagLabel('mls')).toBe('MLS');
    expect(tagLabel('flat-fee')).toBe('Flat fee');
  });
});
