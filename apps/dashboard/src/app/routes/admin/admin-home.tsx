import type { TLockboxMenu } from '@lantern/contracts';
import { formatCents, LOCKBOX_PAGES } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { useStaffAccess } from '../../../features/staff/api/access.ts';
import { useAdminSummary } from '../../../features/staff/api/summary.ts';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

/** /admin (issue 15): today's figures and what needs a person now, within the role. */
export function AdminHome() {
  const me = useCurrentUser();
  const access = useStaffAccess();
  const summary = useAdminSummary();
  return (
    <section className="ds-page" aria-labelledby="admin-title">
      <div className="adm-header">
        <h1 id="admin-title">Today</h1>
        <p className="ds-muted">
          {me.email} · {access.data?.role.name}
        </p>
      </div>
      {summary.isPending ? (
        <p role="status">Loading today’s figures…</p>
      ) : summary.isError ? (
        <Alert tone="danger">{summary.error.message}</Alert>
      ) : (
        <>
          <p className="ds-muted">{DAY.format(new Date(`${summary.data.day}T00:00:00Z`))}</p>
          {summary.data.figures.length ? (
            <dl className="adm-figures">
              {summary.data.figures.map((f) => (
                <div key={f.key} className="adm-figure">
                  <dt>{f.label}</dt>
                  <dd>
                    {f.format === 'cents' ? formatCents(f.value) : f.value.toLocaleString('en-US')}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>Your role does not include any of today’s figures.</p>
          )}
          <h2>Needs a person</h2>
          {summary.data.attention.length ? (
            <ul className="adm-attention">
              {summary.data.attention.map((a) => (
                <li key={a.key}>
                  {a.href && a.count > 0 ? (
                    <Link to={a.href}>{a.label}</Link>
                  ) : (
                    <span>{a.label}</span>
                  )}
                  <strong>{a.count.toLocaleString('en-US')}</strong>
                </li>
              ))}
            </ul>
          ) : (
            <p>Nothing your role looks after is waiting.</p>
          )}
          {summary.data.lockboxes ? <LockboxMenu counts={summary.data.lockboxes} /> : null}
        </>
      )}
    </section>
  );
}

/** The lockbox menu (issue 21): how many of each, each a link to its filtered list. */
function LockboxMenu({ counts }: { counts: TLockboxMenu }) {
  const items = [
    {
      key: 'in-stock',
      label: 'In stock',
      count: counts.inStock,
      href: `${LOCKBOX_PAGES.lockboxes}?state=in_stock`,
    },
    {
      key: 'out',
      label: 'Out on rental',
      count: counts.out,
      href: `${LOCKBOX_PAGES.lockboxes}?state=out`,
    },
    {
      key: 'overdue',
      label: 'Overdue',
      count: counts.overdue,
      href: `${LOCKBOX_PAGES.rentals}?status=overdue`,
    },
    {
      key: 'lost',
      label: 'Lost',
      count: counts.lost,
      href: `${LOCKBOX_PAGES.lockboxes}?state=lost`,
    },
  ];
  return (
    <nav aria-labelledby="lockbox-menu-title">
      <h2 id="lockbox-menu-title">Lockboxes</h2>
      <ul className="adm-attention">
        {items.map((i) => (
          <li key={i.key}>
            <Link to={i.href}>{i.label}</Link>
            <strong>{i.count.toLocaleString('en-US')}</strong>
          </li>
        ))}
      </ul>
      <p>
        <Link to={LOCKBOX_PAGES.lockboxes}>All lockboxes</Link> ·{' '}
        <Link to={LOCKBOX_PAGES.rentals}>All rentals</Link>
      </p>
    </nav>
  );
}
