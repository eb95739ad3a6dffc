import { createBrowserRouter } from 'react-router';
import { AreaLayout } from '../components/layouts/area-layout.tsx';
import { paths } from '../config/paths.ts';
import { AdminHome } from './routes/admin/admin-home.tsx';
import { DashboardOverview } from './routes/dashboard/overview.tsx';
import { NotFound } from './routes/not-found.tsx';
import { VendorHome } from './routes/vendor/vendor-home.tsx';

export const router = createBrowserRouter([
  {
    path: paths.dashboard,
    element: <AreaLayout area="dashboard" />,
    children: [
      { index: true, element: <DashboardOverview /> },
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
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '*', element: <NotFound /> },
]);
