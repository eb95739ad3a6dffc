import type { TCurrentUser } from '@lantern/contracts';
import { INVITATION_PAGE, REFERRAL_PAGES } from '@lantern/domain';
import { cx } from '@lantern/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { HtmlBanner, PageLoadErrors } from '../../../components/html-banner.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { useUser } from '../../../features/auth/api/get-user.ts';
import { EmailVerificationBanner } from '../../../features/email-verification/components/email-verification-banner.tsx';
import { useInvoiceEvents } from '../../../features/invoices/hooks/use-invoice-events.ts';
import { useThreads } from '../../../features/messages/api/messages.ts';
import { useMessageEvents } from '../../../features/messages/hooks/use-message-events.ts';
import { DashboardSidebar } from '../../../features/navigation/components/dashboard-sidebar.tsx';
import {
  accountItem,
  type SidebarSection,
  sidebarSections,
} from '../../../features/navigation/sidebar-sections.ts';
import { useParticipantEvents } from '../../../features/participants/hooks/use-participant-events.ts';
import { pendingInvitation } from '../../../features/participants/pending-invitation.ts';
import { useCurrentProperty } from '../../../features/properties/hooks/use-current-property.ts';
import { usePropertyEvents } from '../../../features/properties/hooks/use-property-events.ts';
import { pendingReferral } from '../../../features/referral-invitation/pending-referral.ts';
import { servicesErrorMessage, useServices } from '../../../features/services/api/get-services.ts';
import { DRAWER_QUERY, useMediaQuery } from '../../../hooks/use-media-query.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { realtime } from '../../../lib/realtime/realtime.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { DashboardHeader } from './dashboard-header.tsx';

// The dialog and its focus-trapping library are fetched only when the services fail to load: no
// page needs them on its first load (decision 083).
const ServicesErrorDialog = lazy(() =>
  import('../../../features/services/components/services-error-dialog.tsx').then((m) => ({
    default: m.ServicesErrorDialog,
  })),
);

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

/** Live updates and the redirects a shell makes on arrival. */
function useShellEvents(me: TCurrentUser, current: ReturnType<typeof useCurrentProperty>) {
  const navigate = useNavigate();
  useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, []);
  const propertyHashes = current.properties.map((p) => p.hash);
  usePropertyEvents(me.hash, propertyHashes);
  useParticipantEvents(me.hash, propertyHashes);
  useMessageEvents(propertyHashes);
  useInvoiceEvents(propertyHashes);

  // Back from signing in or up with an invitation waiting: take the person to it.
  useEffect(() => {
    if (pendingInvitation.read()) navigate(INVITATION_PAGE, { replace: true });
    else if (pendingReferral.read()) navigate(REFERRAL_PAGES.invitation, { replace: true });
  }, [navigate]);

  // Spec 2: a property hash that is not among the user's properties goes back to the dashboard.
  useEffect(() => {
    // Never on a cached list that is being fetched again: the property may be new to it.
    if (current.loaded && !current.fetching && current.hash && !current.entry)
      navigate('/dashboard', { replace: true });
  }, [current.loaded, current.fetching, current.hash, current.entry, navigate]);
}

/** The drawer closes on a wide screen; closing it gives focus back to the button that opened it. */
function useDrawer(isDrawer: boolean) {
  const menuButton = useRef<HTMLButtonElement>(null);
  const { narrow, drawerOpen, setDrawerOpen } = useUiStore();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !drawerOpen) menuButton.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);
  useEffect(() => {
    if (!isDrawer) setDrawerOpen(false);
  }, [isDrawer, setDrawerOpen]);
  return { menuButton, narrow, drawerOpen, setDrawerOpen };
}

/** The sidebar of the property in the address, its services and the unread message count. */
function useShellSidebar(current: ReturnType<typeof useCurrentProperty>) {
  const services = useServices(current.entry ? current.entry.hash : null);
  const threads = useThreads('customer');
  const unread = threads.data?.totalUnread ?? 0;
  // Until the list says what the hash is, show the property's sidebar in its loading state.
  const waiting = !!current.hash && !current.loaded;
  const property = current.entry
    ? { hash: current.entry.hash, role: current.entry.role }
    : waiting && current.hash
      ? { hash: current.hash, role: 'seller' as const }
      : null;
  const sections = withMessageCount(
    sidebarSections({
      property,
      services: {
        status: waiting ? 'pending' : services.status,
        ...(services.data ? { data: services.data } : {}),
      },
    }),
    unread,
  );
  return { services, sections, propertyHash: property?.hash ?? null };
}

function DashboardShell({ me }: { me: TCurrentUser }) {
  const sidebarId = useId();
  const current = useCurrentProperty();
  const isDrawer = useMediaQuery(DRAWER_QUERY);
  const { menuButton, narrow, drawerOpen, setDrawerOpen } = useDrawer(isDrawer);
  useShellEvents(me, current);
  const { services, sections, propertyHash } = useShellSidebar(current);
  const [dismissedAt, setDismissedAt] = useState(0);
  const errorOpen = services.isError && services.errorUpdatedAt !== dismissedAt;

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
          <Suspense fallback={<PageLoading />}>
            <Outlet context={me} />
          </Suspense>
        </main>
      </div>
      {errorOpen ? (
        <Suspense fallback={null}>
          <ServicesErrorDialog
            open
            message={servicesErrorMessage(services.error)}
            onDismiss={() => setDismissedAt(services.errorUpdatedAt)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The unread total beside Messages in the sidebar. */
function withMessageCount(sections: SidebarSection[], unread: number): SidebarSection[] {
  if (!unread) return sections;
  return sections.map((section) => ({
    ...section,
    items: section.items.map((item) =>
      item.icon === 'messages' ? { ...item, count: unread } : item,
    ),
  }));
}
