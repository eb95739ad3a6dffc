import { serviceSlugs } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { accountItem, sidebarSections } from './sidebar-sections.ts';

const labels = (input: Parameters<typeof sidebarSections>[0]) =>
  sidebarSections(input).map((s) => [s.title, s.items.map((i) => i.label)]);

describe('sidebarSections', () => {
  it('without a property: Dashboard (Overview, Messages, Add a Property) and Billing', () => {
    expect(labels({ property: null, services: { status: 'pending' } })).toEqual([
      ['Dashboard', ['Overview', 'Messages', 'Add a Property']],
      ['Billing', ['Invoices']],
    ]);
  });

  it("while a property's services load: 'Loading…' for Products and Billing, no products", () => {
    const sections = sidebarSections({
      property: { hash: 'H', role: 'seller' },
      services: { status: 'pending' },
    });
    expect(sections.map((s) => [s.title, s.loading, s.items.length])).toEqual([
      ['Dashboard', false, 4],
      ['Loading…', true, 0],
      ['Loading…', true, 1],
    ]);
  });

  it('with a property: its products, MLS Listing left out, links keeping the property', () => {
    const all = Object.fromEntries(serviceSlugs('Lantern').map((s) => [s, true]));
    const sections = sidebarSections({
      property: { hash: 'H1', role: 'seller' },
      services: { status: 'success', data: all },
    });
    expect(sections.map((s) => [s.title, s.items.map((i) => i.label)])).toEqual([
      ['Dashboard', ['Overview', 'Messages', 'Update Property', 'Participants']],
      [
        'Products',
        [
          'Seller Agent',
          'MLS Listing Help',
          'Free FSBO Listing',
          'Valuation',
          'Lockbox Rental',
          'Photography',
          'Signs & Posts',
        ],
      ],
      ['Billing', ['Invoices']],
    ]);
    expect(sections[0]?.items[0]?.href).toBe('/dashboard?property=H1');
    expect(sections[1]?.items[0]?.href).toBe('/dashboard/seller-agent?property=H1');
  });

  it('leaves out an empty Products section once loaded (and after a failed load)', () => {
    for (const status of ['success', 'error'] as const) {
      expect(
        labels({ property: { hash: 'H', role: 'buyer' }, services: { status, data: {} } }).map(
          ([title]) => title,
        ),
      ).toEqual(['Dashboard', 'Billing']);
    }
  });

  it('puts Account Settings at the bottom, keeping the property', () => {
    expect(accountItem('H')).toMatchObject({
      label: 'Account Settings',
      href: '/dashboard/account?property=H',
    });
    expect(accountItem(null).href).toBe('/dashboard/account');
  });
});
