import {
  INQUIRIES_TAB,
  INVITATION_PAGE,
  PRODUCT_MENU_RULES,
  REFERRAL_PAGES,
  SHOWINGS_TAB,
} from '@lantern/contracts';
import { TRANSACTION_ACCESS_TAB } from '@lantern/domain';
import { createBrowserRouter } from 'react-router';
import { AreaLayout } from '../components/layouts/area-layout.tsx';
import { paths } from '../config/paths.ts';
import { lazyPage, Standalone } from './lazy-page.tsx';
import { AdminHome } from './routes/admin/admin-home.tsx';
import { AdminLayout } from './routes/admin/admin-layout.tsx';
import { Requires } from './routes/admin/requires.tsx';
import { DashboardLayout } from './routes/dashboard/dashboard-layout.tsx';
import { DashboardOverview } from './routes/dashboard/pages/overview.tsx';
import type { TProductPageKey } from './routes/dashboard/pages/product-pages.ts';
import { NotFound } from './routes/not-found.tsx';
import { VendorHome } from './routes/vendor/vendor-home.tsx';

/*
 * Every page but the overview (where people land) is its own chunk. It loads inside the layout
 * (lazy-page.tsx), so the shell never waits for it, and every chunk is fetched when the browser
 * is next idle after the first paint, so later navigations do not wait either.
 */
const AddPropertyPage = lazyPage(
  () => import('./routes/dashboard/pages/add-property-page.tsx'),
  (m) => m.default,
);
const AccountSettingsPage = lazyPage(
  () => import('./routes/dashboard/pages/account/account-settings-page.tsx'),
  (m) => m.AccountSettingsPage,
);
const WebhookDeliveriesPage = lazyPage(
  () => import('./routes/dashboard/pages/account/webhook-deliveries-page.tsx'),
  (m) => m.WebhookDeliveriesPage,
);
const InvoicePage = lazyPage(
  () => import('./routes/dashboard/pages/invoices/invoice-page.tsx'),
  (m) => m.InvoicePage,
);
const InvoicePrintPage = lazyPage(
  () => import('./routes/dashboard/pages/invoices/invoice-print-page.tsx'),
  (m) => m.InvoicePrintPage,
);
const InvoicesPage = lazyPage(
  () => import('./routes/dashboard/pages/invoices/invoices-page.tsx'),
  (m) => m.InvoicesPage,
);
const MessagesPage = lazyPage(
  () => import('./routes/dashboard/pages/messages/messages-page.tsx'),
  (m) => m.MessagesPage,
);
const ParticipantsPage = lazyPage(
  () => import('./routes/dashboard/pages/participants/participants-page.tsx'),
  (m) => m.ParticipantsPage,
);
const ProductPage = lazyPage(
  () => import('./routes/dashboard/pages/product-page.tsx'),
  (m) => m.ProductPage,
);
const ValuationPage = lazyPage(
  () => import('./routes/dashboard/pages/valuation-page.tsx'),
  (m) => m.ValuationPage,
);
const FsboEntryPage = lazyPage(
  () => import('./routes/dashboard/pages/fsbo-listing/step-frame.tsx'),
  (m) => m.FsboListingEntryPage,
);
const FsboBasicsPage = lazyPage(
  () => import('./routes/dashboard/pages/fsbo-listing/basics-page.tsx'),
  (m) => m.FsboBasicsPage,
);
const FsboContactPage = lazyPage(
  () => import('./routes/dashboard/pages/fsbo-listing/contact-page.tsx'),
  (m) => m.FsboContactPage,
);
const FsboDescribePage = lazyPage(
  () => import('./routes/dashboard/pages/fsbo-listing/describe-page.tsx'),
  (m) => m.FsboDescribePage,
);
const FsboMediaPage = lazyPage(
  () => import('./routes/dashboard/pages/fsbo-listing/media-page.tsx'),
  (m) => m.FsboMediaPage,
);
const FsboReviewPage = lazyPage(
  () => import('./routes/dashboard/pages/fsbo-listing/review-page.tsx'),
  (m) => m.FsboReviewPage,
);
const FsboManagePage = lazyPage(
  () => import('./routes/dashboard/pages/fsbo-listing/manage-page.tsx'),
  (m) => m.FsboManagePage,
);
const MlsListingLocationPage = lazyPage(
  () => import('./routes/dashboard/pages/mls-listing/location-page.tsx'),
  (m) => m.LocationPage,
);
const MlsListingFormPage = lazyPage(
  () => import('./routes/dashboard/pages/mls-listing/form-page.tsx'),
  (m) => m.FormPage,
);
const MlsListingServicesPage = lazyPage(
  () => import('./routes/dashboard/pages/mls-listing/services-page.tsx'),
  (m) => m.ServicesPage,
);
const MlsListingPhotosPage = lazyPage(
  () => import('./routes/dashboard/pages/mls-listing/photos-page.tsx'),
  (m) => m.PhotosPage,
);
const MlsListingManagePage = lazyPage(
  () => import('./routes/dashboard/pages/mls-listing/manage-page.tsx'),
  (m) => m.ManagePage,
);
const MlsListingPaymentPage = lazyPage(
  () => import('./routes/dashboard/pages/mls-listing/payment-page.tsx'),
  (m) => m.PaymentPage,
);
const MlsListingSignPage = lazyPage(
  () => import('./routes/dashboard/pages/mls-listing/sign-page.tsx'),
  (m) => m.SignPage,
);
const MlsListingReviewPage = lazyPage(
  () => import('./routes/dashboard/pages/mls-listing/review-page.tsx'),
  (m) => m.ReviewPage,
);
const UpdatePropertyPage = lazyPage(
  () => import('./routes/dashboard/pages/update-property/update-property-page.tsx'),
  (m) => m.UpdatePropertyPage,
);
const InvitationPage = lazyPage(
  () => import('./routes/invitation-page.tsx'),
  (m) => m.InvitationPage,
);
const AdminMessages = lazyPage(
  () => import('./routes/admin/admin-messages.tsx'),
  (m) => m.AdminMessages,
);
const AdminUsersPage = lazyPage(
  () => import('./routes/admin/users-page.tsx'),
  (m) => m.UsersPage,
);
const AdminUserPage = lazyPage(
  () => import('./routes/admin/user-page.tsx'),
  (m) => m.UserPage,
);
const AdminRolesPage = lazyPage(
  () => import('./routes/admin/roles-page.tsx'),
  (m) => m.RolesPage,
);
const AdminPropertiesPage = lazyPage(
  () => import('./routes/admin/properties-page.tsx'),
  (m) => m.PropertiesPage,
);
const AdminPropertyPage = lazyPage(
  () => import('./routes/admin/property-page.tsx'),
  (m) => m.PropertyPage,
);
const AdminProductsPage = lazyPage(
  () => import('./routes/admin/products-page.tsx'),
  (m) => m.ProductsPage,
);
const AdminMlsBoardsPage = lazyPage(
  () => import('./routes/admin/mls-boards-page.tsx'),
  (m) => m.MlsBoardsPage,
);
const AdminVendorPricesPage = lazyPage(
  () => import('./routes/admin/vendor-prices-page.tsx'),
  (m) => m.VendorPricesPage,
);
const AdminActivityPage = lazyPage(
  () => import('./routes/admin/activity-page.tsx'),
  (m) => m.ActivityPage,
);
const AdminInvoicesPage = lazyPage(
  () => import('./routes/admin/invoices-page.tsx'),
  (m) => m.InvoicesPage,
);
const AdminInvoicePage = lazyPage(
  () => import('./routes/admin/invoice-page.tsx'),
  (m) => m.InvoicePage,
);
const AdminMlsListingsPage = lazyPage(
  () => import('./routes/admin/mls-listings-page.tsx'),
  (m) => m.MlsListingsPage,
);
const AdminMlsListingPage = lazyPage(
  () => import('./routes/admin/mls-listing-page.tsx'),
  (m) => m.MlsListingPage,
);
const AdminCouponsPage = lazyPage(
  () => import('./routes/admin/coupons-page.tsx'),
  (m) => m.CouponsPage,
);
const AdminListingChangesPage = lazyPage(
  () => import('./routes/admin/listing-changes-page.tsx'),
  (m) => m.ListingChangesPage,
);
const AdminLockboxesPage = lazyPage(
  () => import('./routes/admin/lockboxes-page.tsx'),
  (m) => m.LockboxesPage,
);
const AdminWorkOrdersPage = lazyPage(
  () => import('./routes/admin/work-orders-page.tsx'),
  (m) => m.WorkOrdersPage,
);
const VendorWorkOrdersPage = lazyPage(
  () => import('./routes/vendor/vendor-work-orders.tsx'),
  (m) => m.VendorWorkOrdersPage,
);
const VendorAgentPropertiesPage = lazyPage(
  () => import('./routes/vendor/agent-properties-page.tsx'),
  (m) => m.AgentPropertiesPage,
);
const VendorAgentPropertyPage = lazyPage(
  () => import('./routes/vendor/agent-property-page.tsx'),
  (m) => m.AgentPropertyPage,
);
const VendorConciergePage = lazyPage(
  () => import('./routes/vendor/concierge-page.tsx'),
  (m) => m.ConciergeListingsPage,
);
const VendorConciergeListingPage = lazyPage(
  () => import('./routes/vendor/concierge-listing-page.tsx'),
  (m) => m.ConciergeListingPage,
);
const VendorConciergeDraftPage = lazyPage(
  () => import('./routes/vendor/concierge-draft-page.tsx'),
  (m) => m.ConciergeDraftPage,
);
const VendorReferralsPage = lazyPage(
  () => import('./routes/vendor/vendor-referrals-page.tsx'),
  (m) => m.VendorReferralsPage,
);
const VendorReferralFeesPage = lazyPage(
  () => import('./routes/vendor/vendor-referrals-page.tsx'),
  (m) => m.VendorReferralFeesPage,
);
const ReferralInvitationPage = lazyPage(
  () => import('./routes/referral-invitation-page.tsx'),
  (m) => m.ReferralInvitationPage,
);
const VendorSettlementPage = lazyPage(
  () => import('./routes/vendor/settlement-page.tsx'),
  (m) => m.VendorSettlementPage,
);
const VendorSettlementTransactionPage = lazyPage(
  () => import('./routes/vendor/settlement-transaction-page.tsx'),
  (m) => m.VendorSettlementTransactionPage,
);
const AdminSettlementPage = lazyPage(
  () => import('./routes/admin/settlement-page.tsx'),
  (m) => m.AdminSettlementPage,
);
const AdminSettlementTransactionPage = lazyPage(
  () => import('./routes/admin/settlement-page.tsx'),
  (m) => m.AdminSettlementTransactionPage,
);
const VendorPhotographyHoursPage = lazyPage(
  () => import('./routes/vendor/photography-hours-page.tsx'),
  (m) => m.PhotographyHoursPage,
);
const AdminLockboxRentalsPage = lazyPage(
  () => import('./routes/admin/lockboxes-page.tsx'),
  (m) => m.LockboxRentalsPage,
);
const AdminSalesPage = lazyPage(
  () => import('./routes/admin/sales-page.tsx'),
  (m) => m.SalesPage,
);
const AdminTaxRatesPage = lazyPage(
  () => import('./routes/admin/tax-rates-page.tsx'),
  (m) => m.TaxRatesPage,
);
const AdminValuationDisclaimersPage = lazyPage(
  () => import('./routes/admin/valuation-disclaimers-page.tsx'),
  (m) => m.ValuationDisclaimersPage,
);
const AdminEmailPage = lazyPage(
  () => import('./routes/admin/email-page.tsx'),
  (m) => m.EmailPage,
);
const AdminJobsPage = lazyPage(
  () => import('./routes/admin/jobs-page.tsx'),
  (m) => m.JobsPage,
);
const AdminCrmPage = lazyPage(
  () => import('./routes/admin/crm-page.tsx'),
  (m) => m.CrmPage,
);
const AdminTextsPage = lazyPage(
  () => import('./routes/admin/texts-page.tsx'),
  (m) => m.TextsPage,
);
const AdminTextOptOutsPage = lazyPage(
  () => import('./routes/admin/texts-page.tsx'),
  (m) => m.TextOptOutsPage,
);
const AdminMarketingPage = lazyPage(
  () => import('./routes/admin/marketing-page.tsx'),
  (m) => m.MarketingPage,
);
const AdminReferralsPage = lazyPage(
  () => import('./routes/admin/referrals-page.tsx'),
  (m) => m.ReferralsPage,
);
const SupportPage = lazyPage(
  () => import('./routes/dashboard/pages/support/support-page.tsx'),
  (m) => m.SupportPage,
);
const TicketPage = lazyPage(
  () => import('./routes/dashboard/pages/support/ticket-page.tsx'),
  (m) => m.TicketPage,
);
const ListingLayout = lazyPage(
  () => import('./routes/dashboard/pages/listing/listing-layout.tsx'),
  (m) => m.ListingLayout,
);
const QuestionsPage = lazyPage(
  () => import('./routes/dashboard/pages/listing/questions-page.tsx'),
  (m) => m.QuestionsPage,
);
const QuestionPage = lazyPage(
  () => import('./routes/dashboard/pages/listing/question-page.tsx'),
  (m) => m.QuestionPage,
);
const ListingTextsPage = lazyPage(
  () => import('./routes/dashboard/pages/listing/texts-page.tsx'),
  (m) => m.TextsPage,
);
const ListingAnalyticsPage = lazyPage(
  () => import('./routes/dashboard/pages/listing/analytics-page.tsx'),
  (m) => m.ListingAnalyticsPage,
);
const ListingShowingsPage = lazyPage(
  () => import('./routes/dashboard/pages/listing/showings-page.tsx'),
  (m) => m.ListingShowingsPage,
);
const ListingTransactionAccessPage = lazyPage(
  () => import('./routes/dashboard/pages/listing/transaction-access-page.tsx'),
  (m) => m.ListingTransactionAccessPage,
);
const OpenHousesPage = lazyPage(
  () => import('./routes/dashboard/pages/listing/open-houses-page.tsx'),
  (m) => m.OpenHousesPage,
);
const DocumentsPage = lazyPage(
  () => import('./routes/dashboard/pages/documents-page.tsx'),
  (m) => m.DocumentsPage,
);
const AdminDocumentsPage = lazyPage(
  () => import('./routes/admin/documents-page.tsx'),
  (m) => m.DocumentReviewPage,
);
const AdminSupportPage = lazyPage(
  () => import('./routes/admin/support-page.tsx'),
  (m) => m.SupportQueuePage,
);
const AdminTicketPage = lazyPage(
  () => import('./routes/admin/ticket-page.tsx'),
  (m) => m.AdminTicketPage,
);
const AdminOrdersPage = lazyPage(
  () => import('./routes/admin/orders-page.tsx'),
  (m) => m.OrdersPage,
);
const AdminOrderPage = lazyPage(
  () => import('./routes/admin/order-page.tsx'),
  (m) => m.OrderPage,
);
const AdminReportsPage = lazyPage(
  () => import('./routes/admin/reports-page.tsx'),
  (m) => m.ReportsPage,
);

const productRoute = (key: TProductPageKey) => ({
  path: key,
  element: <ProductPage page={key} />,
});

export const router = createBrowserRouter([
  // The printable invoice stands alone, without the dashboard's header and sidebar.
  {
    path: `${paths.dashboard}/invoices/:hash/print`,
    element: (
      <Standalone>
        <InvoicePrintPage />
      </Standalone>
    ),
  },
  // Outside the dashboard layout: it must work signed out (it sends people to sign in).
  {
    path: INVITATION_PAGE,
    element: (
      <Standalone>
        <InvitationPage />
      </Standalone>
    ),
  },
  {
    path: REFERRAL_PAGES.invitation,
    element: (
      <Standalone>
        <ReferralInvitationPage />
      </Standalone>
    ),
  },
  {
    path: paths.dashboard,
    element: <DashboardLayout />,
    children: [
      { index: true, element: <DashboardOverview /> },
      {
        path: 'messages',
        element: <MessagesPage />,
      },
      {
        path: 'add-property',
        element: <AddPropertyPage />,
      },
      {
        path: 'invoices',
        element: <InvoicesPage />,
      },
      {
        path: 'invoices/:hash',
        element: <InvoicePage />,
      },
      {
        path: 'update-property',
        element: <UpdatePropertyPage />,
      },
      {
        path: 'participants',
        element: <ParticipantsPage />,
      },
      {
        path: 'account',
        element: <AccountSettingsPage />,
      },
      // Issue 25: one webhook endpoint's deliveries (from Account Settings → Webhooks).
      { path: 'account/webhooks/:hash', element: <WebhookDeliveriesPage /> },
      // Issue 23: support tickets (linked from the account menu's Open Support Ticket).
      { path: 'support', element: <SupportPage /> },
      { path: 'support/:hash', element: <TicketPage /> },
      // Issue 23: the property's documents (linked from the property's card on the overview).
      { path: 'documents', element: <DocumentsPage /> },
      // Issue 22: a public listing's tools (questions, showings, analytics, open houses, texts).
      {
        path: 'listing',
        element: <ListingLayout />,
        children: [
          { path: INQUIRIES_TAB, element: <QuestionsPage /> },
          { path: `${INQUIRIES_TAB}/:hash`, element: <QuestionPage /> },
          { path: SHOWINGS_TAB, element: <ListingShowingsPage /> },
          { path: 'open-houses', element: <OpenHousesPage /> },
          { path: 'analytics', element: <ListingAnalyticsPage /> },
          { path: 'texts', element: <ListingTextsPage /> },
          { path: TRANSACTION_ACCESS_TAB, element: <ListingTransactionAccessPage /> },
        ],
      },
      // Issue 16: the MLS listing's five steps (the product page at mls-listing still orders it).
      { path: 'mls-listing/location', element: <MlsListingLocationPage /> },
      { path: 'mls-listing/form', element: <MlsListingFormPage /> },
      { path: 'mls-listing/services', element: <MlsListingServicesPage /> },
      { path: 'mls-listing/photos', element: <MlsListingPhotosPage /> },
      { path: 'mls-listing/payment', element: <MlsListingPaymentPage /> },
      { path: 'mls-listing/sign', element: <MlsListingSignPage /> },
      { path: 'mls-listing/review', element: <MlsListingReviewPage /> },
      // Issue 19: the free FSBO listing is built here; its product page is the builder's entry.
      { path: 'fsbo-listing', element: <FsboEntryPage /> },
      { path: 'fsbo-listing/basics', element: <FsboBasicsPage /> },
      { path: 'fsbo-listing/contact', element: <FsboContactPage /> },
      { path: 'fsbo-listing/describe', element: <FsboDescribePage /> },
      { path: 'fsbo-listing/media', element: <FsboMediaPage /> },
      { path: 'fsbo-listing/review', element: <FsboReviewPage /> },
      { path: 'fsbo-listing/manage', element: <FsboManagePage /> },
      // Issue 38: the valuation products are ordered and their reports read on their own page.
      { path: 'valuation', element: <ValuationPage /> },
      ...PRODUCT_MENU_RULES.filter(({ key }) => key !== 'fsbo-listing' && key !== 'valuation').map(
        ({ key }) => productRoute(key),
      ),
      productRoute('concierge'),
      // Issue 18: the live listing's last step.
      { path: 'mls-listing/manage', element: <MlsListingManagePage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: paths.vendor,
    element: <AreaLayout area="vendor" />,
    children: [
      { index: true, element: <VendorHome /> },
      { path: 'work-orders', element: <VendorWorkOrdersPage /> },
      { path: 'photography-hours', element: <VendorPhotographyHoursPage /> },
      { path: 'agent', element: <VendorAgentPropertiesPage /> },
      { path: 'agent/:hash', element: <VendorAgentPropertyPage /> },
      // Issue 24: the concierge's listings and the review of one.
      { path: 'concierge', element: <VendorConciergePage /> },
      { path: 'concierge/:hash', element: <VendorConciergeListingPage /> },
      // Issue 39: the concierge works on the owners' draft (concierge listing).
      { path: 'concierge/draft/:step', element: <VendorConciergeDraftPage /> },
      // Issue 24: a referrer's own referrals and fees.
      { path: 'referrals', element: <VendorReferralsPage /> },
      { path: 'referrals/fees', element: <VendorReferralFeesPage /> },
      // Issue 24: the settlement vendor's transactions and CDAs.
      { path: 'settlement', element: <VendorSettlementPage /> },
      { path: 'settlement/:hash', element: <VendorSettlementTransactionPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: paths.admin,
    element: <AreaLayout area="admin" />,
    children: [
      {
        // Issue 15: the staff area's pages, shown by the role's permissions.
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminHome /> },
          {
            path: 'messages',
            element: (
              <Requires permission="messages.answer">
                <AdminMessages />
              </Requires>
            ),
          },
          { path: 'users', element: <AdminUsersPage /> },
          { path: 'users/:hash', element: <AdminUserPage /> },
          { path: 'roles', element: <AdminRolesPage /> },
          { path: 'properties', element: <AdminPropertiesPage /> },
          { path: 'properties/:hash', element: <AdminPropertyPage /> },
          { path: 'products', element: <AdminProductsPage /> },
          { path: 'mls-boards', element: <AdminMlsBoardsPage /> },
          { path: 'vendor-prices', element: <AdminVendorPricesPage /> },
          { path: 'activity', element: <AdminActivityPage /> },
          { path: 'jobs', element: <AdminJobsPage /> },
          { path: 'email', element: <AdminEmailPage /> },
          { path: 'crm', element: <AdminCrmPage /> },
          { path: 'texts', element: <AdminTextsPage /> },
          { path: 'texts/opt-outs', element: <AdminTextOptOutsPage /> },
          { path: 'reports', element: <AdminReportsPage /> },
          { path: 'marketing', element: <AdminMarketingPage /> },
          { path: 'marketing/:list', element: <AdminMarketingPage /> },
          { path: 'referrals', element: <AdminReferralsPage /> },
          { path: 'support', element: <AdminSupportPage /> },
          { path: 'support/:hash', element: <AdminTicketPage /> },
          { path: 'documents', element: <AdminDocumentsPage /> },
          { path: 'orders', element: <AdminOrdersPage /> },
          { path: 'orders/:hash', element: <AdminOrderPage /> },
          { path: 'invoices', element: <AdminInvoicesPage /> },
          { path: 'invoices/:hash', element: <AdminInvoicePage /> },
          // Issue 18: staff review of MLS listings.
          { path: 'mls-listings', element: <AdminMlsListingsPage /> },
          { path: 'mls-listings/:hash', element: <AdminMlsListingPage /> },
          { path: 'coupons', element: <AdminCouponsPage /> },
          { path: 'tax-rates', element: <AdminTaxRatesPage /> },
          { path: 'sales', element: <AdminSalesPage /> },
          { path: 'valuation-disclaimers', element: <AdminValuationDisclaimersPage /> },
          // Issue 18: change requests on live listings, each work of its own.
          { path: 'listing-changes', element: <AdminListingChangesPage /> },
          // Issue 21: the lockbox inventory and rentals.
          { path: 'lockboxes', element: <AdminLockboxesPage /> },
          { path: 'lockboxes/rentals', element: <AdminLockboxRentalsPage /> },
          // Issue 21: trips to properties.
          { path: 'work-orders', element: <AdminWorkOrdersPage /> },
          // Issue 24: commission disbursement authorisations to approve.
          {
            path: 'settlement',
            element: (
              <Requires permission="settlement.approve">
                <AdminSettlementPage />
              </Requires>
            ),
          },
          {
            path: 'settlement/:hash',
            element: (
              <Requires permission="settlement.approve">
                <AdminSettlementTransactionPage />
              </Requires>
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
]);
