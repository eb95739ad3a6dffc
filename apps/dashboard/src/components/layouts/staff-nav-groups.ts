import type { TPermission } from '@lantern/contracts';
import {
  ADMIN_LISTINGS_PAGES,
  ADMIN_ORDERS_PAGES,
  ADMIN_PAGES,
  DOCUMENTS_PAGES,
  LOCKBOX_PAGES,
  SETTLEMENT_PAGES,
  SITE_MEDIA_PAGE,
  SUPPORT_PAGES,
  WORK_ORDER_PAGES,
} from '@lantern/domain';

export interface StaffLink {
  to: string;
  label: string;
  /** The permission that opens the page; null for pages every staff role opens. */
  needs: TPermission | null;
  end?: boolean;
}

export interface StaffGroup {
  title: string;
  links: StaffLink[];
}

export const STAFF_HOME: StaffLink = {
  to: ADMIN_PAGES.home,
  label: 'Home',
  needs: null,
  end: true,
};

/** The staff area's pages by what staff do there (issue 47), in the order the sidebar shows. */
export const STAFF_GROUPS: readonly StaffGroup[] = [
  {
    title: 'People',
    links: [
      { to: ADMIN_PAGES.users, label: 'People', needs: 'users.view' },
      { to: ADMIN_PAGES.properties, label: 'Properties', needs: 'properties.view' },
      { to: ADMIN_PAGES.roles, label: 'Roles', needs: 'roles.manage' },
    ],
  },
  {
    title: 'Listings',
    links: [
      { to: ADMIN_LISTINGS_PAGES.listings, label: 'MLS listings', needs: 'listings.review' },
      { to: ADMIN_LISTINGS_PAGES.changes, label: 'Listing changes', needs: 'listings.review' },
      { to: DOCUMENTS_PAGES.adminDocuments, label: 'Documents', needs: 'documents.review' },
      { to: ADMIN_PAGES.sales, label: 'Sales data', needs: 'sales.import' },
      { to: ADMIN_PAGES.portalFeeds, label: 'Portal feeds', needs: 'syndication.manage' },
    ],
  },
  {
    title: 'Orders and fulfilment',
    links: [
      { to: ADMIN_ORDERS_PAGES.orders, label: 'Orders', needs: 'orders.view' },
      { to: LOCKBOX_PAGES.lockboxes, label: 'Lockboxes', needs: 'lockboxes.manage' },
      { to: WORK_ORDER_PAGES.admin, label: 'Work orders', needs: 'workorders.manage' },
      { to: SETTLEMENT_PAGES.admin, label: 'Settlement', needs: 'settlement.approve' },
      { to: ADMIN_PAGES.vendorPrices, label: 'Vendor prices', needs: 'vendors.prices' },
    ],
  },
  {
    title: 'Money',
    links: [
      { to: ADMIN_PAGES.invoices, label: 'Invoices', needs: 'orders.view' },
      { to: ADMIN_PAGES.coupons, label: 'Coupons', needs: 'orders.view' },
      { to: ADMIN_PAGES.taxRates, label: 'Tax rates', needs: 'orders.view' },
      { to: ADMIN_PAGES.reports, label: 'Reports', needs: 'orders.view' },
    ],
  },
  {
    title: 'Marketing',
    links: [
      { to: ADMIN_PAGES.marketing, label: 'Marketing lists', needs: 'marketing.lists' },
      { to: ADMIN_PAGES.referrals, label: 'Referrals', needs: 'referrals.manage' },
      { to: SITE_MEDIA_PAGE, label: 'Site media', needs: null },
      { to: ADMIN_PAGES.siteTrust, label: 'Trust and notices', needs: null },
      { to: ADMIN_PAGES.mortgageRate, label: 'Mortgage rate', needs: null },
      { to: ADMIN_PAGES.listingPartners, label: 'Listing partners', needs: 'syndication.manage' },
    ],
  },
  {
    title: 'Communication',
    links: [
      { to: ADMIN_PAGES.messages, label: 'Customer messages', needs: 'messages.answer' },
      { to: SUPPORT_PAGES.adminTickets, label: 'Support tickets', needs: 'messages.answer' },
      { to: ADMIN_PAGES.email, label: 'Email', needs: 'email.view' },
      { to: ADMIN_PAGES.texts, label: 'Texts', needs: 'texts.view' },
    ],
  },
  {
    title: 'Settings',
    links: [
      { to: ADMIN_PAGES.products, label: 'Products', needs: null },
      { to: ADMIN_PAGES.mlsBoards, label: 'MLS boards', needs: null },
      { to: ADMIN_PAGES.valuationDisclaimers, label: 'Valuation disclaimers', needs: null },
      { to: ADMIN_PAGES.activity, label: 'Activity log', needs: 'activity.view' },
      { to: ADMIN_PAGES.jobs, label: 'Background jobs', needs: 'jobs.view' },
      { to: ADMIN_PAGES.crm, label: 'CRM sync', needs: 'crm.view' },
    ],
  },
];

/** The groups with only the pages this role opens; a group with none is left out. */
export function staffNavGroups(permissions: readonly TPermission[]): StaffGroup[] {
  return STAFF_GROUPS.map((group) => ({
    title: group.title,
    links: group.links.filter((l) => !l.needs || permissions.includes(l.needs)),
  })).filter((group) => group.links.length > 0);
}

/** The page of the sidebar the path is on (the longest link it starts with), for the phone's menu. */
export function currentStaffLink(groups: StaffGroup[], pathname: string): StaffLink {
  let best = STAFF_HOME;
  for (const link of groups.flatMap((g) => g.links)) {
    const inside = pathname === link.to || pathname.startsWith(`${link.to}/`);
    if (inside && link.to.length > best.to.length) best = link;
  }
  return best;
}
