import type { RouteObject } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NotFound } from '../not-found.tsx';

/** The vendors' area: work orders, photography, agents, concierge, referrals, settlement. */
export const vendorRoutes: RouteObject[] = [
  {
    path: paths.vendor,
    lazy: () =>
      import('../../../components/layouts/area-layout.tsx').then((m) => ({
        element: <m.AreaLayout area="vendor" />,
      })),
    children: [
      {
        index: true,
        lazy: () => import('./vendor-home.tsx').then((m) => ({ Component: m.VendorHome })),
      },
      {
        path: 'work-orders',
        lazy: () =>
          import('./vendor-work-orders.tsx').then((m) => ({ Component: m.VendorWorkOrdersPage })),
      },
      {
        path: 'photography-hours',
        lazy: () =>
          import('./photography-hours-page.tsx').then((m) => ({
            Component: m.PhotographyHoursPage,
          })),
      },
      {
        path: 'agent',
        lazy: () =>
          import('./agent-properties-page.tsx').then((m) => ({ Component: m.AgentPropertiesPage })),
      },
      {
        path: 'agent/:hash',
        lazy: () =>
          import('./agent-property-page.tsx').then((m) => ({ Component: m.AgentPropertyPage })),
      },
      // Issue 24: the concierge's listings and the review of one.
      {
        path: 'concierge',
        lazy: () =>
          import('./concierge-page.tsx').then((m) => ({ Component: m.ConciergeListingsPage })),
      },
      {
        path: 'concierge/:hash',
        lazy: () =>
          import('./concierge-listing-page.tsx').then((m) => ({
            Component: m.ConciergeListingPage,
          })),
      },
      // Issue 39: the concierge works on the owners' draft (concierge listing).
      {
        path: 'concierge/draft/:step',
        lazy: () =>
          import('./concierge-draft-page.tsx').then((m) => ({ Component: m.ConciergeDraftPage })),
      },
      // Issue 24: a referrer's own referrals and fees.
      {
        path: 'referrals',
        lazy: () =>
          import('./vendor-referrals-page.tsx').then((m) => ({ Component: m.VendorReferralsPage })),
      },
      {
        path: 'referrals/fees',
        lazy: () =>
          import('./vendor-referrals-page.tsx').then((m) => ({
            Component: m.VendorReferralFeesPage,
          })),
      },
      // Issue 24: the settlement vendor's transactions and CDAs.
      {
        path: 'settlement',
        lazy: () =>
          import('./settlement-page.tsx').then((m) => ({ Component: m.VendorSettlementPage })),
      },
      {
        path: 'settlement/:hash',
        lazy: () =>
          import('./settlement-transaction-page.tsx').then((m) => ({
            Component: m.VendorSettlementTransactionPage,
          })),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
