import { describe, expect, it } from 'vitest';
import { telHref } from './site.ts';

describe('telHref', () => {
  it('adds the US country code to a ten-digit number', () => {
    expect(telHref('(800) 555-0149')).toBe('tel:+18005550149');
  });

  it('keeps an eleven-digit number that starts with 1', () => {
    expect(telHref('1-800-555-0149')).toBe('tel:+18005550149');
  });

  it('keeps an international number as written', () => {
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});
