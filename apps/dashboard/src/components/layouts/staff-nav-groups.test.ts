import { describe, expect, it } from 'vitest';
import { currentStaffLink, STAFF_GROUPS, STAFF_HOME, staffNavGroups } from './staff-nav-groups.ts';

describe('the staff sidebar’s groups', () => {
  it('has the seven groups issue 47 names, in order, every page once (33 with issue 49’s two)', () => {
    expect(STAFF_GROUPS.map((g) => g.title)).toEqual([
      'People',
      'Listings',
      'Orders and fulfilment',
      'Money',
      'Marketing',
      'Communication',
      'Settings',
    ]);
    const paths = STAFF_GROUPS.flatMap((g) => g.links.map((l) => l.to));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.length).toBe(33);
  });

  it('shows a role only the pages it opens, and leaves out an empty group', () => {
    const groups = staffNavGroups(['messages.answer']);
    expect(groups.map((g) => g.title)).toEqual(['Marketing', 'Communication', 'Settings']);
    expect(groups.find((g) => g.title === 'Communication')?.links.map((l) => l.label)).toEqual([
      'Customer messages',
      'Support tickets',
    ]);
  });

  it('names the page a path is on, for the phone’s menu button', () => {
    const groups = staffNavGroups(['orders.view']);
    expect(currentStaffLink(groups, '/admin/orders/abc').label).toBe('Orders');
    expect(currentStaffLink(groups, '/admin')).toBe(STAFF_HOME);
    expect(currentStaffLink(groups, '/admin/ordersx').label).toBe('Home');
  });
});
