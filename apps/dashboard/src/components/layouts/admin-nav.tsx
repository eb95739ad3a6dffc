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
import { NavLink } from 'react-router';

/** The staff area's pages, each shown only to roles whose permissions open it. */
const LINKS: ReadonlyArray<{
  to: string;
  label: string;
  needs: TPermission | null;
  end?: boolean;
}> = [
  { to: ADMIN_PAGES.home, label: 'Home', needs: null, end: true },
  { to: ADMIN_PAGES.users, label: 'People', needs: 'users.view' },
  { to: ADMIN_PAGES.properties, label: 'Properties', needs: 'properties.view' },
  { to: ADMIN_ORDERS_PAGES.orders, label: 'Orders', needs: 'orders.view' },
  { to: ADMIN_PAGES.invoices, label: 'Invoices', needs: 'orders.view' },
  { to: ADMIN_LISTINGS_PAGES.listings, label: 'MLS listings', needs: 'listings.review' },
  { to: LOCKBOX_PAGES.lockboxes, label: 'Lockboxes', needs: 'lockboxes.manage' },
  { to: WORK_ORDER_PAGES.admin, label: 'Work orders', needs: 'workorders.manage' },
  { to: SETTLEMENT_PAGES.admin, label: 'Settlement', needs: 'settlement.approve' },
  { to: ADMIN_PAGES.products, label: 'Products', needs: null },
  { to: ADMIN_PAGES.mlsBoards, label: 'MLS boards', needs: null },
  { to: SITE_MEDIA_PAGE, label: 'Site media', needs: null },
  { to: ADMIN_LISTINGS_PAGES.changes, label: 'Listing changes', needs: 'listings.review' },
  { to: ADMIN_PAGES.vendorPrices, label: 'Vendor prices', needs: 'vendors.prices' },
  { to: ADMIN_PAGES.coupons, label: 'Coupons', needs: 'orders.view' },
  { to: ADMIN_PAGES.taxRates, label: 'Tax rates', needs: 'orders.view' },
  { to: ADMIN_PAGES.sales, label: 'Sales data', needs: 'sales.import' },
  { to: ADMIN_PAGES.valuationDisclaimers, label: 'Valuation disclaimers', needs: null },
  { to: ADMIN_PAGES.siteTrust, label: 'Trust and notices', needs: null },
  { to: ADMIN_PAGES.reports, label: 'Reports', needs: 'orders.view' },
  { to: ADMIN_PAGES.marketing, label: 'Marketing lists', needs: 'marketing.lists' },
  { to: ADMIN_PAGES.referrals, label: 'Referrals', needs: 'referrals.manage' },
  { to: ADMIN_PAGES.messages, label: 'Customer messages', needs: 'messages.answer' },
  { to: SUPPORT_PAGES.adminTickets, label: 'Support tickets', needs: 'messages.answer' },
  { to: DOCUMENTS_PAGES.adminDocuments, label: 'Documents', needs: 'documents.review' },
  { to: ADMIN_PAGES.activity, label: 'Activity log', needs: 'activity.view' },
  { to: ADMIN_PAGES.email, label: 'Email', needs: 'email.view' },
  { to: ADMIN_PAGES.texts, label: 'Texts', needs: 'texts.view' },
  { to: ADMIN_PAGES.jobs, label: 'Background jobs', needs: 'jobs.view' },
  { to: ADMIN_PAGES.crm, label: 'CRM sync', needs: 'crm.view' },
  { to: ADMIN_PAGES.roles, label: 'Roles', needs: 'roles.manage' },
];

export function AdminNav({ permissions }: { permissions: readonly TPermission[] }) {
  return (
    <nav aria-label="Staff pages" className="adm-nav">
      <ul>
        {LINKS.filter((l) => !l.needs || permissions.includes(l.needs)).map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end={l.end ?? false}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
