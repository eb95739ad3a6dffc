import { INVITATION_PAGE, PRODUCT_MENU_RULES } from '@lantern/contracts';
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { AreaLayout } from '../components/layouts/area-layout.tsx';
import { paths } from '../config/paths.ts';
import { AdminHome } from './routes/admin/admin-home.tsx';
import { AdminMessages } from './routes/admin/admin-messages.tsx';
import { DashboardLayout } from './routes/dashboard/dashboard-layout.tsx';
import { AccountSettingsPage } from './routes/dashboard/pages/account/account-settings-page.tsx';
import { InvoicePage } from './routes/dashboard/pages/invoices/invoice-page.tsx';
import { InvoicePrintPage } from './routes/dashboard/pages/invoices/invoice-print-page.tsx';
import { InvoicesPage } from './routes/dashboard/pages/invoices/invoices-page.tsx';
import { MessagesPage } from './routes/dashboard/pages/messages/messages-page.tsx';
import { DashboardOverview } from './routes/dashboard/pages/overview.tsx';
import { ParticipantsPage } from './routes/dashboard/pages/participants/participants-page.tsx';
import { ProductPage } from './routes/dashboard/pages/product-page.tsx';
import { UpdatePropertyPage } from './routes/dashboard/pages/update-property/update-property-page.tsx';
import { InvitationPage } from './routes/invitation-page.tsx';
import { NotFound } from './routes/not-found.tsx';
import { VendorHome } from './routes/vendor/vendor-home.tsx';

// The form brings the map and address rules: loaded only when someone opens the page.
const AddPropertyPage = lazy(() => import('./routes/dashboard/pages/add-property-page.tsx'));

export const router = createBrowserRouter([
  // The printable invoice stands alone, without the dashboard's header and sidebar.
  { path: `${paths.dashboard}/invoices/:hash/print`, element: <InvoicePrintPage /> },
  // Outside the dashboard layout: it must work signed out (it sends people to sign in).
  { path: INVITATION_PAGE, element: <InvitationPage /> },
  {
    path: paths.dashboard,
    element: <DashboardLayout />,
    children: [
      { index: true, element: <DashboardOverview /> },
      { path: 'messages', element: <MessagesPage /> },
      {
        path: 'add-property',
        element: (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <AddPropertyPage />
          </Suspense>
        ),
      },
      { path: 'invoices', element: <InvoicesPage /> },
      { path: 'invoices/:hash', element: <InvoicePage /> },
      { path: 'update-property', element: <UpdatePropertyPage /> },
      { path: 'participants', element: <ParticipantsPage /> },
      { path: 'account', element: <AccountSettingsPage /> },
      ...PRODUCT_MENU_RULES.map(({ key }) => ({ path: key, element: <ProductPage page={key} /> })),
      { path: 'concierge', element: <ProductPage page="concierge" /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: paths.vendor,
    element: <AreaLayout area="vendor" />,
    children: [
      { index: true, element: <VendorHome /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: paths.admin,
    element: <AreaLayout area="admin" />,
    children: [
      { index: true, element: <AdminHome /> },
      { path: 'messages', element: <AdminMessages /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '*', element: <NotFound /> },
]);
