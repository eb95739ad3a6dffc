import type { TCurrentUser } from '@lantern/contracts';
import { cx } from '@lantern/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { HtmlBanner, PageLoadErrors } from '../../../components/html-banner.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { useUser } from '../../../features/auth/api/get-user.ts';
import { EmailVerificationBanner } from '../../../features/email-verification/components/email-verification-banner.tsx';
import { DashboardSidebar } from '../../../features/navigation/components/dashboard-sidebar.tsx';
import { accountItem, sidebarSections } from '../../../features/navigation/sidebar-sections.ts';
import { useCurrentProperty } from '../../../features/properties/hooks/use-current-property.ts';
import { usePropertyEvents } from '../../../features/properties/hooks/use-property-events.ts';
import { servicesErrorMessage, useServices } from '../../../features/services/api/get-services.ts';
import { ServicesErrorDialog } from '../../../features/services/components/services-error-dialog.tsx';
import { DRAWER_QUERY, useMediaQuery } from '../../../hooks/use-media-query.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { realtime } from '../../../lib/realtime/realtime.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { DashboardHeader } from './dashboard-header.tsx';

/** Every page under /dashboard (spec 2 "Dashboard"): header, sidebar, banners, realtime. */
export function DashboardLayout() {
  const user = useUser();
  useEffect(() => {
    document.title = `Dashboard | ${appConfig.siteName}`;
  }, []);

  if (user.isPending) {
    return (
      <div className="ds-loading" role="status">
        <ProgressBar />
        Loading your account…
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
  return <DashboardShell me={user.data} />;
}

function DashboardShell({ me }: { me: TCurrentUser }) {
  const navigate = useNavigate();
  const sidebarId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const current = useCurrentProperty();
  const isDrawer = useMediaQuery(DRAWER_QUERY);
  const { narrow, drawerOpen, setDrawerOpen } = useUiStore();
  const services = useServices(current.entry ? current.entry.hash : null);

  useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, []);
  usePropertyEvents(
    me.hash,
    current.properties.map((p) => p.hash),
  );

  // Spec 2: a property hash that is not among the user's properties goes back to the dashboard.
  useEffect(() => {
    if (current.loaded && current.hash && !current.entry) navigate('/dashboard', { replace: true });
  }, [current.loaded, current.hash, current.entry, navigate]);

  // Closing the drawer gives focus back to the button that opened it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !drawerOpen) menuButton.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);
  useEffect(() => {
    if (!isDrawer) setDrawerOpen(false);
  }, [isDrawer, setDrawerOpen]);

  const [dismissedAt, setDismissedAt] = useState(0);
  const errorOpen = services.isError && services.errorUpdatedAt !== dismissedAt;

  // Until the list says what the hash is, show the property's sidebar in its loading state.
  const waiting = !!current.hash && !current.loaded;
  const property = current.entry
    ? { hash: current.entry.hash, role: current.entry.role }
    : waiting && current.hash
      ? { hash: current.hash, role: 'seller' as const }
      : null;
  const sections = sidebarSections({
    property,
    services: {
      status: waiting ? 'pending' : services.status,
      ...(services.data ? { data: services.data } : {}),
    },
  });
  const propertyHash = property?.hash ?? null;

  return (
    <div className="ds-shell">
      <a className="ds-skip" href="#main">
        Skip to content
      </a>
      <ProgressBar />
      {appConfig.headerSpecialInstruction ? (
        <HtmlBanner
          html={appConfig.headerSpecialInstruction}
          tone="warning"
          className="ds-special-instruction"
        />
      ) : null}
      <DashboardHeader
        me={me}
        {...(isDrawer
          ? {
              menu: {
                open: drawerOpen,
                controls: sidebarId,
                onToggle: () => setDrawerOpen(!drawerOpen),
                ref: menuButton,
              },
            }
          : {})}
      />
      <div className={cx('ds-body', narrow && !isDrawer && 'ds-body--narrow')}>
        <DashboardSidebar
          id={sidebarId}
          sections={sections}
          account={accountItem(propertyHash)}
          siteName={appConfig.siteName}
          investorUrl={appConfig.investorUrl}
          isDrawer={isDrawer}
        />
        <main className="ds-main" id="main" tabIndex={-1}>
          <PageLoadErrors messages={appConfig.errors?.pageLoad ?? []} />
          <EmailVerificationBanner />
          <Outlet context={me} />
        </main>
      </div>
      <ServicesErrorDialog
        open={errorOpen}
        message={servicesErrorMessage(services.error)}
        onDismiss={() => setDismissedAt(services.errorUpdatedAt)}
      />
    </div>
  );
}
