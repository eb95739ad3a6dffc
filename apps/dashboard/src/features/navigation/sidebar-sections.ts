import { productMenuItems } from '@lantern/contracts';
import {
  dashboardHref,
  type TDashboardPage,
  type TPropertyRole,
  type TServices,
} from '@lantern/domain';
import type { IconName } from '../../components/icons.tsx';

export interface SidebarItem {
  label: string;
  href: string;
  icon: IconName;
  /** Matches `end` in NavLink: the overview is current only at /dashboard itself. */
  end?: boolean;
  /** A count shown beside the label, e.g. unread messages. */
  count?: number;
}

export interface SidebarSection {
  id: 'dashboard' | 'products' | 'billing';
  /** 'Loading…' while the property's services load (spec 2). */
  title: string;
  loading: boolean;
  items: SidebarItem[];
}

export interface SidebarInput {
  /** The current property's hash and the user's role on it; null without a property. */
  property: { hash: string; role: TPropertyRole } | null;
  services: { status: 'pending' | 'error' | 'success'; data?: TServices };
}

const LOADING = 'Loading…';

/**
 * Spec section 2 "Dashboard sidebar". Without a property: Dashboard (Overview, Messages, Add a
 * Property) and Billing (Invoices). With one: Dashboard (Overview, Messages, Update Property,
 * Participants), Products (productMenuItems, MLS Listing left out) and Billing; 'Products' and
 * 'Billing' read 'Loading…' and the products stay hidden while the services load.
 * Account Settings is not a section: it sits at the bottom, always (accountItem).
 */
export function sidebarSections({ property, services }: SidebarInput): SidebarSection[] {
  const hash = property?.hash ?? null;
  const link = (page: TDashboardPage | 'overview', label: string, icon: IconName): SidebarItem => ({
    label,
    href: dashboardHref(page, hash),
    icon,
    ...(page === 'overview' ? { end: true } : {}),
  });
  const invoices: SidebarSection = {
    id: 'billing',
    title: 'Billing',
    loading: false,
    items: [link('invoices', 'Invoices', 'invoice')],
  };
  if (!property) {
    return [
      {
        id: 'dashboard',
        title: 'Dashboard',
        loading: false,
        items: [
          link('overview', 'Overview', 'home'),
          link('messages', 'Messages', 'messages'),
          link('add-property', 'Add a Property', 'plus'),
        ],
      },
      invoices,
    ];
  }
  const loading = services.status === 'pending';
  const products = loading
    ? []
    : productMenuItems(property.role, services.data ?? {})
        .filter((item) => item.inSidebar)
        .map((item) => link(item.key, item.label, 'product'));
  return [
    {
      id: 'dashboard',
      title: 'Dashboard',
      loading: false,
      items: [
        link('overview', 'Overview', 'home'),
        link('messages', 'Messages', 'messages'),
        link('update-property', 'Update Property', 'pencil'),
        link('participants', 'Participants', 'people'),
      ],
    },
    ...(loading || products.length
      ? [
          {
            id: 'products' as const,
            title: loading ? LOADING : 'Products',
            loading,
            items: products,
          },
        ]
      : []),
    { ...invoices, title: loading ? LOADING : 'Billing', loading },
  ];
}

export function accountItem(propertyHash: string | null): SidebarItem {
  return {
    label: 'Account Settings',
    href: dashboardHref('account', propertyHash),
    icon: 'settings',
  };
}
