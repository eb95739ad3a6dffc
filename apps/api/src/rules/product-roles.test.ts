import { sameRoles } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { rolesToWrite } from './product-roles.ts';

describe('who may order: when a product save writes roles', () => {
  it('compares roles as sets, null only equal to null', () => {
    expect(sameRoles(['buyer', 'buyerAgent'], ['buyerAgent', 'buyer'])).toBe(true);
    expect(sameRoles(['buyer'], ['buyer', 'buyerAgent'])).toBe(false);
    expect(sameRoles(null, null)).toBe(true);
    expect(sameRoles(null, ['buyer'])).toBe(false);
  });

  it('writes nothing when the form leaves roles out or sends the same ones', () => {
    expect(rolesToWrite(['buyer', 'buyerAgent'], undefined)).toBeUndefined();
    expect(rolesToWrite(['buyer', 'buyerAgent'], ['buyerAgent', 'buyer'])).toBeUndefined();
    expect(rolesToWrite(null, null)).toBeUndefined();
  });

  it('writes a real change, once per role', () => {
    expect(rolesToWrite(['buyer', 'buyerAgent'], ['seller', 'seller'])).toEqual(['seller']);
    expect(rolesToWrite(['buyer'], null)).toBeNull();
    expect(rolesToWrite(null, ['buyer'])).toEqual(['buyer']);
  });
});
