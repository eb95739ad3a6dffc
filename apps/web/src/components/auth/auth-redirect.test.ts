import { describe, expect, it } from 'vitest';
import { safeRedirect } from './auth-redirect.ts';

describe('safeRedirect', () => {
  it('follows a same-origin path', () => {
    expect(safeRedirect('/dashboard?property=abc')).toBe('/dashboard?property=abc');
  });

  it('refuses other origins and protocol-relative paths', () => {
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect(undefined)).toBe('/dashboard');
  });
});
