import { INVITATION_PAGE, PRODUCT_MENU_RULES } from '@lantern/contracts';
import { createBrowserRouter } from 'react-router';
import { AreaLayout } from '../components/layouts/area-layout.tsx';
import { paths } from '../config/paths.ts';
import { AdminHome } from './routes/admin/admin-home.tsx';
import { AdminLayout } from './routes/admin/admin-layout.tsx';
import { Requires } from './routes/admin/requires.tsx';
import { DashboardLayout } from './routes/dashboard/dashboard-layout.tsx';
import { DashboardOverview } from './routes/dashboard/pages/overview.tsx';
import type { TProductPageKey } from './routes/dashboard/pages/product-pages.ts';
import { NotFound } from './routes/not-found.tsx';
import { VendorHome } from './routes/vendor/vendor-home.tsx';

/*
 * Every page but the overview (where people land) is its own chunk, fetched as the navigation
 * to it starts (the red progress bar shows meanwhile): the first load carries only the shell.
 */
const pages = {
  addProperty: () => import('./routes/dashboard/pages/add-property-page.tsx'),
  account: () => import('./routes/dashboard/pages/account/account-settings-page.tsx'),
  invoice: () => import('./routes/dashboard/pages/invoices/invoice-page.tsx'),
  invoicePrint: () => import('./routes/dashboard/pages/invoices/invoice-print-page.tsx'),
  invoices: () => import('./routes/dashboard/pages/invoices/invoices-page.tsx'),
  messages: () => import('./routes/dashboard/pages/messages/messages-page.tsx'),
  participants: () => import('./routes/dashboard/pages/participants/participants-page.tsx'),
  product: () => import('./routes/dashboard/pages/product-page.tsx'),
  updateProperty: () => import('./routes/dashboard/pages/update-property/update-property-page.tsx'),
  invitation: () => import('./routes/invitation-page.tsx'),
  adminMessages: () => import('./routes/admin/admin-messages.tsx'),
  adminUsers: () => import('./routes/admin/users-page.tsx'),
  adminUser: () => import('./routes/admin/user-page.tsx'),
  adminRoles: () => import('./routes/admin/roles-page.tsx'),
  adminActivity: () => import('./routes/admin/activity-page.tsx'),
  adminJobs: () => import('./routes/admin/jobs-page.tsx'),
};

const productRoute = (key: TProductPageKey) => ({
  path: key,
  lazy: async () => {
    const { ProductPage } = await pages.product();
    return { Component: () => <ProductPage page={key} /> };
  },
});

export const router = createBrowserRouter([
  // The printable invoice stands alone, without the dashboard's header and sidebar.
  {
    path: `${paths.dashboard}/invoices/:hash/print`,
    lazy: async () => ({ Component: (await pages.invoicePrint()).InvoicePrintPage }),
  },
  // Outside the dashboard layout: it must work signed out (it sends people to sign in).
  {
    path: INVITATION_PAGE,
    lazy: async () => ({ Component: (await pages.invitation()).InvitationPage }),
  },
  {
    path: paths.dashboard,
    element: <DashboardLayout />,
    children: [
      { index: true, element: <DashboardOverview /> },
      {
        path: 'messages',
        lazy: async () => ({ Component: (await pages.messages()).MessagesPage }),
      },
      {
        path: 'add-property',
        lazy: async () => ({ Component: (await pages.addProperty()).default }),
      },
      {
        path: 'invoices',
        lazy: async () => ({ Component: (await pages.invoices()).InvoicesPage }),
      },
      {
        path: 'invoices/:hash',
        lazy: async () => ({ Component: (await pages.invoice()).InvoicePage }),
      },
      {
        path: 'update-property',
        lazy: async () => ({ Component: (await pages.updateProperty()).UpdatePropertyPage }),
      },
      {
        path: 'participants',
        lazy: async () => ({ Component: (await pages.participants()).ParticipantsPage }),
      },
      {
        path: 'account',
        lazy: async () => ({ Component: (await pages.account()).AccountSettingsPage }),
      },
      ...PRODUCT_MENU_RULES.map(({ key }) => productRoute(key)),
      productRoute('concierge'),
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
      {
        // Issue 15: the staff area's pages, shown by the role's permissions.
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminHome /> },
          {
            path: 'messages',
            lazy: async () => {
              const { AdminMessages } = await pages.adminMessages();
              return {
                Component: () => (
                  <Requires permission="messages.answer">
                    <AdminMessages />
                  </Requires>
                ),
              };
            },
          },
          {
            path: 'users',
            lazy: async () => ({ Component: (await pages.adminUsers()).UsersPage }),
          },
          {
            path: 'users/:hash',
            lazy: async () => ({ Component: (await pages.adminUser()).UserPage }),
          },
          {
            path: 'roles',
            lazy: async () => ({ Component: (await pages.adminRoles()).RolesPage }),
          },
          {
            path: 'activity',
            lazy: async () => ({ Component: (await pages.adminActivity()).ActivityPage }),
          },
          { path: 'jobs', lazy: async () => ({ Component: (await pages.adminJobs()).JobsPage }) },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
]);
