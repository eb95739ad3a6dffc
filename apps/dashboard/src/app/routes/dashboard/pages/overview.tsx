import { productMenuItems, type TPropertyMenuEntry } from '@lantern/contracts';
import { DOCUMENTS_PAGES, dashboardHref, ROLE_LABELS } from '@lantern/domain';
import { Alert, buttonClassName, RoleBadge, Skeleton } from '@lantern/ui';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../../features/auth/hooks/use-current-user.ts';
import { useActivity } from '../../../../features/overview/api/get-activity.ts';
import { useOverview } from '../../../../features/overview/api/get-overview.ts';
import { ActivityList } from '../../../../features/overview/components/activity-list.tsx';
import { PropertyTable } from '../../../../features/overview/components/property-table.tsx';
import { usePropertyDetails } from '../../../../features/properties/api/get-property.ts';
import { PropertyVisibilityButton } from '../../../../features/properties/components/property-visibility-button.tsx';
import { useCurrentProperty } from '../../../../features/properties/hooks/use-current-property.ts';
import { useVisibleFlag } from '../../../../features/properties/hooks/use-visible-flag.ts';
import { useServices } from '../../../../features/services/api/get-services.ts';
import { invoiceHref } from './invoices/invoice-hrefs.ts';
import { PRODUCT_PAGES } from './product-pages.ts';

/** /dashboard (spec 2: optional query, the visible flag or a property). */
export function DashboardOverview() {
  const me = useCurrentUser();
  const { entry } = useCurrentProperty();
  const [params] = useSearchParams();
  const visible = params.get('visible');
  const setShowVisible = useVisibleFlag((s) => s.setShowVisible);
  useEffect(() => {
    if (visible === '1' || visible === '0') setShowVisible(visible === '1');
  }, [visible, setShowVisible]);

  return (
    <PageFrame title="Overview">
      <p>
        Signed in as <strong>{me.email}</strong>.
      </p>
      {entry ? <PropertyOverview entry={entry} /> : <AllProperties />}
    </PageFrame>
  );
}

function AllProperties() {
  const overview = useOverview();
  const properties = overview.data?.properties ?? [];
  if (overview.isPending) return <p role="status">Loading…</p>;
  if (overview.isError)
    return (
      <Alert tone="danger">We could not load your properties. Reload the page to try again.</Alert>
    );
  if (properties.length === 0) {
    return (
      <>
        <p>
          Add the home you are selling, renting out or buying to see the services available for it.
        </p>
        <p>
          <Link className={buttonClassName({})} to={dashboardHref('add-property')}>
            Add a Property
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <p>Your properties, where each one stands, and what to do next.</p>
      <PropertyTable properties={properties} invoiceHref={(hash) => invoiceHref(hash)} />
    </>
  );
}

function PropertyOverview({ entry }: { entry: TPropertyMenuEntry }) {
  const details = usePropertyDetails(entry.hash);
  const services = useServices(entry.hash);
  const activity = useActivity(entry.hash);
  const p = details.data?.property;
  const items = services.data ? productMenuItems(entry.role, services.data) : [];
  const toInvoice = (hash: string) => invoiceHref(hash, entry.hash);

  return (
    <>
      <section className="ln-card ds-property-card" aria-labelledby="overview-property">
        <h2 id="overview-property">
          {entry.streetAddress} <RoleBadge propertyRole={entry.role} />
        </h2>
        {p ? (
          <p>
            {p.city}, {p.state} {p.zipCode}
            {p.county ? ` · ${p.county}` : ''}
          </p>
        ) : null}
        <p>
          You are the {ROLE_LABELS[entry.role]} on this property.{' '}
          {entry.visible
            ? 'It is among your visible properties.'
            : 'It is hidden: it is listed only when you show hidden properties.'}
        </p>
        <p className="ds-actions">
          <Link
            className={buttonClassName({ variant: 'secondary' })}
            to={dashboardHref('update-property', entry.hash)}
          >
            Update the address
          </Link>
          <Link
            className={buttonClassName({ variant: 'secondary' })}
            to={DOCUMENTS_PAGES.documents(entry.hash)}
          >
            Documents
          </Link>
          <PropertyVisibilityButton property={entry} />
        </p>
      </section>

      <section aria-labelledby="overview-services" className="ds-section">
        <h2 id="overview-services">Services for this property</h2>
        {services.isPending ? (
          <Skeleton label="Loading the services for this property…" heading={false} lines={3} />
        ) : services.isError ? null : items.length === 0 ? (
          <p>We do not offer services for this property yet. We add places and services often.</p>
        ) : (
          <ul className="ds-services">
            {items.map((item) => (
              <li key={item.key} className="ds-service">
                <h3>{PRODUCT_PAGES[item.key].title}</h3>
                <p>{PRODUCT_PAGES[item.key].purpose}</p>
                <Link
                  className={buttonClassName({ size: 'sm' })}
                  to={dashboardHref(item.key, entry.hash)}
                  aria-label={`See prices and order: ${PRODUCT_PAGES[item.key].title}`}
                >
                  See prices and order
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="overview-activity" className="ds-section">
        <h2 id="overview-activity">Recent activity</h2>
        {activity.isPending ? (
          <p role="status">Loading…</p>
        ) : activity.isError ? (
          <Alert tone="danger">We could not load the recent activity.</Alert>
        ) : (
          <ActivityList items={activity.data.activity} invoiceHref={toInvoice} />
        )}
      </section>
    </>
  );
}
