import { Skeleton } from '@lantern/ui';
import { Logo } from '@lantern/ui/brand';
import { Suspense, useEffect } from 'react';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import { appConfig } from '../../lib/app-config.ts';
import { Forbidden } from '../forbidden.tsx';
import { PageLoading } from '../page-loading.tsx';

export type Area = 'dashboard' | 'vendor' | 'admin';

const TITLES: Record<Area, string> = { dashboard: 'Dashboard', vendor: 'Vendor', admin: 'Admin' };

/** The signed-in frame shared by /dashboard, /vendor and /admin. */
export function AreaLayout({ area }: { area: Area }) {
  const user = useUser();

  useEffect(() => {
    document.title = `${TITLES[area]} | ${appConfig.siteName}`;
  }, [area]);

  if (user.isPending) {
    return (
      <div className="ds-loading">
        <Skeleton label="Loading your account…" lines={4} />
      </div>
    );
  }
  if (user.isError) {
    return (
      <main className="ds-main">
        <div className="ln-alert ln-alert--danger" role="alert">
          {user.error.message}
        </div>
      </main>
    );
  }
  const me = user.data;
  const allowed = area === 'dashboard' || me[area];

  return (
    <div className="ds-shell">
      <header className="ds-header">
        <a className="ds-brand" href={paths.home}>
          <Logo siteName={appConfig.siteName} markSize={28} />
        </a>
        <nav aria-label="Areas" className="ds-areas">
          <NavLink to={paths.dashboard} end>
            Dashboard
          </NavLink>
          {me.vendor && <NavLink to={paths.vendor}>Vendor</NavLink>}
          {me.admin && <NavLink to={paths.admin}>Admin</NavLink>}
        </nav>
        <div className="ds-account">
          <AccountMenu me={me} />
        </div>
      </header>
      {/* Staff's tables and their sidebar take a wide screen's width. */}
      <main className={area === 'admin' ? 'ds-main ds-main--wide' : 'ds-main'} id="main">
        {allowed ? (
          <Suspense fallback={<PageLoading />}>
            <Outlet context={me} />
          </Suspense>
        ) : (
          <Forbidden area={TITLES[area]} />
        )}
      </main>
    </div>
  );
}
