import type { TPermission } from '@lantern/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NotFound } from '../not-found.tsx';

/** A page for roles with `permission`, loaded with its check (requires.tsx) as one lazy route. */
function requiring(permission: TPermission, page: () => Promise<ComponentType>) {
  return async () => {
    const [{ Requires }, Page] = await Promise.all([import('./requires.tsx'), page()]);
    return {
      element: (
        <Requires permission={permission}>
          <Page />
        </Requires>
      ),
    };
  };
}

/** The staff area (issue 15): its pages, shown by the role's permissions. */
export const adminRoutes: RouteObject[] = [
  {
    path: paths.admin,
    lazy: () =>
      import('../../../components/layouts/area-layout.tsx').then((m) => ({
        element: <m.AreaLayout area="admin" />,
      })),
    children: [
      {
        lazy: () => import('./admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
        children: [
          {
            index: true,
            lazy: () => import('./admin-home.tsx').then((m) => ({ Component: m.AdminHome })),
          },
          {
            path: 'messages',
            lazy: requiring('messages.answer', () =>
              import('./admin-messages.tsx').then((m) => m.AdminMessages),
            ),
          },
          {
            path: 'users',
            lazy: () => import('./users-page.tsx').then((m) => ({ Component: m.UsersPage })),
          },
          {
            path: 'users/:hash',
            lazy: () => import('./user-page.tsx').then((m) => ({ Component: m.UserPage })),
          },
          {
            path: 'roles',
            lazy: () => import('./roles-page.tsx').then((m) => ({ Component: m.RolesPage })),
          },
          {
            path: 'properties',
            lazy: () =>
              import('./properties-page.tsx').then((m) => ({ Component: m.PropertiesPage })),
          },
          {
            path: 'properties/:hash',
            lazy: () => import('./property-page.tsx').then((m) => ({ Component: m.PropertyPage })),
          },
          {
            path: 'products',
            lazy: () => import('./products-page.tsx').then((m) => ({ Component: m.ProductsPage })),
          },
          {
            path: 'mls-boards',
            lazy: () =>
              import('./mls-boards-page.tsx').then((m) => ({ Component: m.MlsBoardsPage })),
          },
          {
            path: 'site-media',
            lazy: () =>
              import('./site-media-page.tsx').then((m) => ({ Component: m.SiteMediaPage })),
          },
          {
            path: 'vendor-prices',
            lazy: () =>
              import('./vendor-prices-page.tsx').then((m) => ({ Component: m.VendorPricesPage })),
          },
          {
            path: 'activity',
            lazy: () => import('./activity-page.tsx').then((m) => ({ Component: m.ActivityPage })),
          },
          {
            path: 'jobs',
            lazy: () => import('./jobs-page.tsx').then((m) => ({ Component: m.JobsPage })),
          },
          {
            path: 'email',
            lazy: () => import('./email-page.tsx').then((m) => ({ Component: m.EmailPage })),
          },
          {
            path: 'crm',
            lazy: () => import('./crm-page.tsx').then((m) => ({ Component: m.CrmPage })),
          },
          {
            path: 'texts',
            lazy: () => import('./texts-page.tsx').then((m) => ({ Component: m.TextsPage })),
          },
          {
            path: 'texts/opt-outs',
            lazy: () => import('./texts-page.tsx').then((m) => ({ Component: m.TextOptOutsPage })),
          },
          {
            path: 'reports',
            lazy: () => import('./reports-page.tsx').then((m) => ({ Component: m.ReportsPage })),
          },
          {
            path: 'marketing',
            lazy: () =>
              import('./marketing-page.tsx').then((m) => ({ Component: m.MarketingPage })),
          },
          {
            path: 'marketing/:list',
            lazy: () =>
              import('./marketing-page.tsx').then((m) => ({ Component: m.MarketingPage })),
          },
          {
            path: 'referrals',
            lazy: () =>
              import('./referrals-page.tsx').then((m) => ({ Component: m.ReferralsPage })),
          },
          {
            path: 'support',
            lazy: () =>
              import('./support-page.tsx').then((m) => ({ Component: m.SupportQueuePage })),
          },
          {
            path: 'support/:hash',
            lazy: () => import('./ticket-page.tsx').then((m) => ({ Component: m.AdminTicketPage })),
          },
          {
            path: 'documents',
            lazy: () =>
              import('./documents-page.tsx').then((m) => ({ Component: m.DocumentReviewPage })),
          },
          {
            path: 'orders',
            lazy: () => import('./orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
          },
          {
            path: 'orders/:hash',
            lazy: () => import('./order-page.tsx').then((m) => ({ Component: m.OrderPage })),
          },
          {
            path: 'invoices',
            lazy: () => import('./invoices-page.tsx').then((m) => ({ Component: m.InvoicesPage })),
          },
          {
            path: 'invoices/:hash',
            lazy: () => import('./invoice-page.tsx').then((m) => ({ Component: m.InvoicePage })),
          },
          // Issue 18: staff review of MLS listings.
          {
            path: 'mls-listings',
            lazy: () =>
              import('./mls-listings-page.tsx').then((m) => ({ Component: m.MlsListingsPage })),
          },
          {
            path: 'mls-listings/:hash',
            lazy: () =>
              import('./mls-listing-page.tsx').then((m) => ({ Component: m.MlsListingPage })),
          },
          {
            path: 'coupons',
            lazy: () => import('./coupons-page.tsx').then((m) => ({ Component: m.CouponsPage })),
          },
          {
            path: 'tax-rates',
            lazy: () => import('./tax-rates-page.tsx').then((m) => ({ Component: m.TaxRatesPage })),
          },
          {
            path: 'sales',
            lazy: () => import('./sales-page.tsx').then((m) => ({ Component: m.SalesPage })),
          },
          {
            path: 'valuation-disclaimers',
            lazy: () =>
              import('./valuation-disclaimers-page.tsx').then((m) => ({
                Component: m.ValuationDisclaimersPage,
              })),
          },
          {
            path: 'trust-and-notices',
            lazy: () =>
              import('./site-trust-page.tsx').then((m) => ({ Component: m.SiteTrustPage })),
          },
          // Issue 47: the rate of the listing pages' payment estimate.
          {
            path: 'mortgage-rate',
            lazy: () =>
              import('./mortgage-rate-page.tsx').then((m) => ({ Component: m.MortgageRatePage })),
          },
          // Issue 49: the portals' listing feeds.
          {
            path: 'portal-feeds',
            lazy: () =>
              import('./portal-feeds-page.tsx').then((m) => ({ Component: m.PortalFeedsPage })),
          },
          // Issue 49: partners reading listings through the RESO Web API.
          {
            path: 'listing-partners',
            lazy: () =>
              import('./listing-partners-page.tsx').then((m) => ({
                Component: m.ListingPartnersPage,
              })),
          },
          // Issue 18: change requests on live listings, each work of its own.
          {
            path: 'listing-changes',
            lazy: () =>
              import('./listing-changes-page.tsx').then((m) => ({
                Component: m.ListingChangesPage,
              })),
          },
          // Issue 21: the lockbox inventory and rentals.
          {
            path: 'lockboxes',
            lazy: () =>
              import('./lockboxes-page.tsx').then((m) => ({ Component: m.LockboxesPage })),
          },
          {
            path: 'lockboxes/rentals',
            lazy: () =>
              import('./lockboxes-page.tsx').then((m) => ({ Component: m.LockboxRentalsPage })),
          },
          // Issue 21: trips to properties.
          {
            path: 'work-orders',
            lazy: () =>
              import('./work-orders-page.tsx').then((m) => ({ Component: m.WorkOrdersPage })),
          },
          // Issue 24: commission disbursement authorisations to approve.
          {
            path: 'settlement',
            lazy: requiring('settlement.approve', () =>
              import('./settlement-page.tsx').then((m) => m.AdminSettlementPage),
            ),
          },
          {
            path: 'settlement/:hash',
            lazy: requiring('settlement.approve', () =>
              import('./settlement-page.tsx').then((m) => m.AdminSettlementTransactionPage),
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
