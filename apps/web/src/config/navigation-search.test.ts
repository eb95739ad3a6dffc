import { describe, expect, it } from 'vitest';
import { searchSections } from './navigation.ts';

describe('searchSections', () => {
  it('takes the services from the menus, without the directories, and the help pages', () => {
    const { services, help } = searchSections();
    expect(services.get('/lockbox-rental')).toBe('Lockbox Rental');
    expect(services.get('/flat-fee-mls')).toBe('Flat Fee MLS Listing');
    expect(services.has('/mls')).toBe(false);
    expect(services.has('/current-listings')).toBe(false);
    expect(help.has('/company/contact')).toBe(true);
  });
});
