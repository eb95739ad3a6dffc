import { PRODUCT_MENU_RULES } from '@lantern/contracts';
import {
  INQUIRIES_TAB,
  LISTING_PORTALS_TAB,
  SHOWINGS_TAB,
  TRANSACTION_ACCESS_TAB,
} from '@lantern/domain';
import type { RouteObject } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NotFound } from '../not-found.tsx';
import type { TProductPageKey } from './pages/product-pages.ts';

const productRoute = (key: TProductPageKey): RouteObject => ({
  path: key,
  lazy: () =>
    import('./pages/product-page.tsx').then((m) => ({ element: <m.ProductPage page={key} /> })),
});

/** A public listing's tools (issue 22): questions, showings, analytics, open houses, texts. */
const listingRoute: RouteObject = {
  path: 'listing',
  lazy: () =>
    import('./pages/listing/listing-layout.tsx').then((m) => ({ Component: m.ListingLayout })),
  children: [
    {
      path: INQUIRIES_TAB,
      lazy: () =>
        import('./pages/listing/questions-page.tsx').then((m) => ({ Component: m.QuestionsPage })),
    },
    {
      path: `${INQUIRIES_TAB}/:hash`,
      lazy: () =>
        import('./pages/listing/question-page.tsx').then((m) => ({ Component: m.QuestionPage })),
    },
    {
      path: SHOWINGS_TAB,
      lazy: () =>
        import('./pages/listing/showings-page.tsx').then((m) => ({
          Component: m.ListingShowingsPage,
        })),
    },
    {
      path: 'open-houses',
      lazy: () =>
        import('./pages/listing/open-houses-page.tsx').then((m) => ({
          Component: m.OpenHousesPage,
        })),
    },
    {
      path: 'analytics',
      lazy: () =>
        import('./pages/listing/analytics-page.tsx').then((m) => ({
          Component: m.ListingAnalyticsPage,
        })),
    },
    {
      path: 'texts',
      lazy: () =>
        import('./pages/listing/texts-page.tsx').then((m) => ({ Component: m.TextsPage })),
    },
    {
      path: LISTING_PORTALS_TAB,
      lazy: () =>
        import('./pages/listing/portals-page.tsx').then((m) => ({ Component: m.PortalsPage })),
    },
    {
      path: TRANSACTION_ACCESS_TAB,
      lazy: () =>
        import('./pages/listing/transaction-access-page.tsx').then((m) => ({
          Component: m.ListingTransactionAccessPage,
        })),
    },
  ],
};

/** The MLS listing's steps (issue 16; the product page at mls-listing still orders it). */
const mlsListingRoutes: RouteObject[] = [
  {
    path: 'mls-listing/location',
    lazy: () =>
      import('./pages/mls-listing/location-page.tsx').then((m) => ({ Component: m.LocationPage })),
  },
  {
    path: 'mls-listing/form',
    lazy: () =>
      import('./pages/mls-listing/form-page.tsx').then((m) => ({ Component: m.FormPage })),
  },
  {
    path: 'mls-listing/services',
    lazy: () =>
      import('./pages/mls-listing/services-page.tsx').then((m) => ({ Component: m.ServicesPage })),
  },
  {
    path: 'mls-listing/photos',
    lazy: () =>
      import('./pages/mls-listing/photos-page.tsx').then((m) => ({ Component: m.PhotosPage })),
  },
  {
    path: 'mls-listing/payment',
    lazy: () =>
      import('./pages/mls-listing/payment-page.tsx').then((m) => ({ Component: m.PaymentPage })),
  },
  {
    path: 'mls-listing/sign',
    lazy: () =>
      import('./pages/mls-listing/sign-page.tsx').then((m) => ({ Component: m.SignPage })),
  },
  {
    path: 'mls-listing/review',
    lazy: () =>
      import('./pages/mls-listing/review-page.tsx').then((m) => ({ Component: m.ReviewPage })),
  },
];

/** The free FSBO listing is built here (issue 19); its product page is the builder's entry. */
const fsboListingRoutes: RouteObject[] = [
  {
    path: 'fsbo-listing',
    lazy: () =>
      import('./pages/fsbo-listing/step-frame.tsx').then((m) => ({
        Component: m.FsboListingEntryPage,
      })),
  },
  {
    path: 'fsbo-listing/basics',
    lazy: () =>
      import('./pages/fsbo-listing/basics-page.tsx').then((m) => ({ Component: m.FsboBasicsPage })),
  },
  {
    path: 'fsbo-listing/contact',
    lazy: () =>
      import('./pages/fsbo-listing/contact-page.tsx').then((m) => ({
        Component: m.FsboContactPage,
      })),
  },
  {
    path: 'fsbo-listing/describe',
    lazy: () =>
      import('./pages/fsbo-listing/describe-page.tsx').then((m) => ({
        Component: m.FsboDescribePage,
      })),
  },
  {
    path: 'fsbo-listing/media',
    lazy: () =>
      import('./pages/fsbo-listing/media-page.tsx').then((m) => ({ Component: m.FsboMediaPage })),
  },
  {
    path: 'fsbo-listing/review',
    lazy: () =>
      import('./pages/fsbo-listing/review-page.tsx').then((m) => ({ Component: m.FsboReviewPage })),
  },
  {
    path: 'fsbo-listing/manage',
    lazy: () =>
      import('./pages/fsbo-listing/manage-page.tsx').then((m) => ({ Component: m.FsboManagePage })),
  },
];

/** The customer's dashboard, and its printable invoice. */
export const dashboardRoutes: RouteObject[] = [
  // The printable invoice stands alone, without the dashboard's header and sidebar.
  {
    path: `${paths.dashboard}/invoices/:hash/print`,
    lazy: () =>
      import('./pages/invoices/invoice-print-page.tsx').then((m) => ({
        Component: m.InvoicePrintPage,
      })),
  },
  {
    path: paths.dashboard,
    lazy: () => import('./dashboard-layout.tsx').then((m) => ({ Component: m.DashboardLayout })),
    children: [
      {
        index: true,
        lazy: () =>
          import('./pages/overview.tsx').then((m) => ({ Component: m.DashboardOverview })),
      },
      {
        path: 'messages',
        lazy: () =>
          import('./pages/messages/messages-page.tsx').then((m) => ({ Component: m.MessagesPage })),
      },
      {
        path: 'add-property',
        lazy: () => import('./pages/add-property-page.tsx').then((m) => ({ Component: m.default })),
      },
      {
        path: 'invoices',
        lazy: () =>
          import('./pages/invoices/invoices-page.tsx').then((m) => ({ Component: m.InvoicesPage })),
      },
      {
        path: 'invoices/:hash',
        lazy: () =>
          import('./pages/invoices/invoice-page.tsx').then((m) => ({ Component: m.InvoicePage })),
      },
      {
        path: 'update-property',
        lazy: () =>
          import('./pages/update-property/update-property-page.tsx').then((m) => ({
            Component: m.UpdatePropertyPage,
          })),
      },
      {
        path: 'participants',
        lazy: () =>
          import('./pages/participants/participants-page.tsx').then((m) => ({
            Component: m.ParticipantsPage,
          })),
      },
      {
        path: 'account',
        lazy: () =>
          import('./pages/account/account-settings-page.tsx').then((m) => ({
            Component: m.AccountSettingsPage,
          })),
      },
      // Issue 25: one webhook endpoint's deliveries (from Account Settings → Webhooks).
      {
        path: 'account/webhooks/:hash',
        lazy: () =>
          import('./pages/account/webhook-deliveries-page.tsx').then((m) => ({
            Component: m.WebhookDeliveriesPage,
          })),
      },
      // Issue 23: support tickets (linked from the account menu's Open Support Ticket).
      {
        path: 'support',
        lazy: () =>
          import('./pages/support/support-page.tsx').then((m) => ({ Component: m.SupportPage })),
      },
      {
        path: 'support/:hash',
        lazy: () =>
          import('./pages/support/ticket-page.tsx').then((m) => ({ Component: m.TicketPage })),
      },
      // Issue 23: the property's documents (linked from the property's card on the overview).
      {
        path: 'documents',
        lazy: () =>
          import('./pages/documents-page.tsx').then((m) => ({ Component: m.DocumentsPage })),
      },
      listingRoute,
      ...mlsListingRoutes,
      ...fsboListingRoutes,
      // Issue 38: the valuation products are ordered and their reports read on their own page.
      {
        path: 'valuation',
        lazy: () =>
          import('./pages/valuation-page.tsx').then((m) => ({ Component: m.ValuationPage })),
      },
      ...PRODUCT_MENU_RULES.filter(({ key }) => key !== 'fsbo-listing' && key !== 'valuation').map(
        ({ key }) => productRoute(key),
      ),
      productRoute('concierge'),
      // Issue 18: the live listing's last step.
      {
        path: 'mls-listing/manage',
        lazy: () =>
          import('./pages/mls-listing/manage-page.tsx').then((m) => ({ Component: m.ManagePage })),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
