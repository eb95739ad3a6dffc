import { ADMIN_PAGES, formatCents, ROLE_LABELS } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { Link, useParams } from 'react-router';
import { formatDate, formatWhen } from '../../../components/data-table/format.ts';
import { useAdminProperty } from '../../../features/properties/api/admin-properties.ts';
import { Requires } from './requires.tsx';

/** One property for staff (issue 20): who takes part, what was ordered, what changed. */
export function PropertyPage() {
  return (
    <Requires permission="properties.view">
      <PropertyDetail />
    </Requires>
  );
}

const statusText = (status: string) => status.replaceAll('_', ' ');

function PropertyDetail() {
  const { hash = '' } = useParams();
  const property = useAdminProperty(hash);
  if (property.isPending) return <p role="status">Loading…</p>;
  if (property.isError) return <Alert tone="danger">{property.error.message}</Alert>;
  const p = property.data;
  return (
    <section className="ds-page" aria-labelledby="property-title">
      <p>
        <Link to={ADMIN_PAGES.properties}>Properties</Link>
      </p>
      <h1 id="property-title" className="adm-title">
        {p.address}
      </h1>
      <p className="ds-muted">
        {p.county ? `${p.county} · ` : ''}
        {p.apn ? `Parcel ${p.apn} · ` : ''}added {formatDate(p.createdAt)}
      </p>
      <section className="adm-section" aria-labelledby="participants-title">
        <h2 id="participants-title">Participants</h2>
        {p.participants.length ? (
          <ul className="adm-records">
            {p.participants.map((x) => (
              <li key={x.user.hash}>
                <Link to={ADMIN_PAGES.user(x.user.hash)}>{x.user.email}</Link> —{' '}
                {ROLE_LABELS[x.role]}
                {x.canEdit ? '' : ', read only'}
                {x.visible ? '' : ', hidden in their list'} · since {formatDate(x.since)}
              </li>
            ))}
          </ul>
        ) : (
          <p>Nobody takes part in this property.</p>
        )}
      </section>
      {p.orders ? (
        <section className="adm-section" aria-labelledby="orders-title">
          <h2 id="orders-title">Orders and listings</h2>
          {p.orders.length ? (
            <ul className="adm-records">
              {p.orders.map((o) => (
                <li key={o.hash}>
                  {formatDate(o.createdAt)}: {o.product} — {statusText(o.status)}
                  {o.priceCents === null ? '' : `, ${formatCents(o.priceCents)}`} · ordered by{' '}
                  {o.orderedBy}
                </li>
              ))}
            </ul>
          ) : (
            <p>Nothing ordered.</p>
          )}
        </section>
      ) : null}
      {p.history ? (
        <section className="adm-section" aria-labelledby="history-title">
          <h2 id="history-title">History</h2>
          {p.history.length ? (
            <ul className="adm-records">
              {p.history.map((h) => (
                <li key={h.id}>
                  {formatWhen(h.createdAt)}: {h.action} — {h.actorEmail ?? h.actorKind}
                </li>
              ))}
            </ul>
          ) : (
            <p>Nothing recorded yet.</p>
          )}
        </section>
      ) : null}
    </section>
  );
}
