import { INVITATION_PAGE, REFERRAL_PAGES } from '@lantern/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { withLazyPages } from './lazy-routes.ts';
import { adminRoutes } from './routes/admin/routes.tsx';
import { dashboardRoutes } from './routes/dashboard/routes.tsx';
import { NotFound } from './routes/not-found.tsx';
import { vendorRoutes } from './routes/vendor/routes.tsx';

/** Outside the dashboard layout: they must work signed out (they send people to sign in). */
const invitationRoutes: RouteObject[] = [
  {
    path: INVITATION_PAGE,
    lazy: () =>
      import('./routes/invitation-page.tsx').then((m) => ({ Component: m.InvitationPage })),
  },
  {
    path: REFERRAL_PAGES.invitation,
    lazy: () =>
      import('./routes/referral-invitation-page.tsx').then((m) => ({
        Component: m.ReferralInvitationPage,
      })),
  },
];

/* Each area's routes are in its folder (routes/<area>/routes.tsx); lazy-routes.ts explains how
 * their pages load. */
export const router = createBrowserRouter(
  withLazyPages([
    ...invitationRoutes,
    ...dashboardRoutes,
    ...vendorRoutes,
    ...adminRoutes,
    { path: '*', element: <NotFound /> },
  ]),
);
