import {
  formatListingDay,
  staffStateChoices,
  type TAdminLockbox,
  type TAdminLockboxRental,
} from '@lantern/contracts';
import {
  ADMIN_PAGES,
  formatCents,
  LOCKBOX_PAGES,
  LOCKBOX_RENTAL_STATUSES,
  LOCKBOX_STATES,
  LOCKBOX_TYPE_KEYS,
  LOCKBOX_TYPES,
  type TLockboxRentalStatus,
  type TLockboxState,
} from '@lantern/domain';
import { Badge, type BadgeTone, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import {
  fetchLockboxesPage,
  fetchLockboxRentalsPage,
  lockboxInventoryKey,
  lockboxRentalsKey,
} from '../../../features/lockboxes/api/lockboxes.ts';
import {
  AddLockboxesForm,
  LockboxStateForm,
  RentLockboxForm,
  ReturnLockboxForm,
} from '../../../features/lockboxes/components/lockbox-forms.tsx';
import { Requires } from './requires.tsx';

const STATE_TONE: Record<TLockboxState, BadgeTone> = {
  in_stock: 'success',
  out: 'primary',
  lost: 'danger',
  retired: 'neutral',
};
const RENTAL_TONE: Record<TLockboxRentalStatus, BadgeTone> = {
  active: 'primary',
  overdue: 'danger',
  returned: 'success',
  forfeited: 'neutral',
};

/** The two lists of the lockbox page, each its own URL (each table keeps its state there). */
function LockboxTabs() {
  return (
    <nav aria-label="Lockbox lists" className="adm-nav">
      <ul>
        <li>
          <NavLink to={LOCKBOX_PAGES.lockboxes} end>
            Inventory
          </NavLink>
        </li>
        <li>
          <NavLink to={LOCKBOX_PAGES.rentals}>Rentals</NavLink>
        </li>
      </ul>
    </nav>
  );
}

const INVENTORY_FILTERS = [
  {
    name: 'state',
    label: 'State',
    default: '',
    options: [
      { value: '', label: 'Any state' },
      ...Object.entries(LOCKBOX_STATES).map(([value, s]) => ({ value, label: s.label })),
    ],
  },
  {
    name: 'type',
    label: 'Kind',
    default: '',
    options: [
      { value: '', label: 'Any kind' },
      ...LOCKBOX_TYPE_KEYS.map((value) => ({ value, label: LOCKBOX_TYPES[value].label })),
    ],
  },
] as const;

type Dialogs =
  | { kind: 'add' }
  | { kind: 'rent'; lockbox?: { hash: string; serial: string } }
  | { kind: 'state'; lockbox: TAdminLockbox }
  | null;

/** /admin/lockboxes (issue 21): every lockbox we own, where it is, and what staff do with it. */
export function LockboxesPage() {
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [said, setSaid] = useState<string | null>(null);
  const close = (message: string | null) => {
    setDialog(null);
    setSaid(message);
  };
  const columns: ReadonlyArray<DataColumn<TAdminLockbox>> = [
    {
      id: 'serial',
      header: 'Serial',
      sort: 'serial',
      firstDir: 'asc',
      cell: (l) => (
        <>
          <strong>{l.serial}</strong>
          {l.notes ? <div className="ds-muted">{l.notes}</div> : null}
        </>
      ),
    },
    { id: 'type', header: 'Kind', cell: (l) => LOCKBOX_TYPES[l.type].label },
    {
      id: 'state',
      header: 'State',
      cell: (l) => <Badge tone={STATE_TONE[l.state]}>{LOCKBOX_STATES[l.state].label}</Badge>,
    },
    {
      id: 'created',
      header: 'Added',
      sort: 'created',
      firstDir: 'desc',
      cell: (l) => formatListingDay(l.createdAt.slice(0, 10)),
    },
  ];
  return (
    <Requires permission="lockboxes.manage">
      <section className="ds-page" aria-labelledby="lockboxes-title">
        <h1 id="lockboxes-title">Lockboxes</h1>
        <LockboxTabs />
        <p>
          Every lockbox we own. One goes out only by renting it to a paid lockbox rental order, and
          comes back in stock when its return is recorded.
        </p>
        {said ? <p role="status">{said}</p> : null}
        <div className="adm-actions">
          <Button onClick={() => setDialog({ kind: 'add' })}>Add lockboxes</Button>{' '}
          <Button variant="secondary" onClick={() => setDialog({ kind: 'rent' })}>
            Rent one out
          </Button>
        </div>
        <DataTable<TAdminLockbox>
          caption="Lockbox inventory"
          queryKey={lockboxInventoryKey}
          fetchPage={fetchLockboxesPage}
          columns={columns}
          rowKey={(l) => l.hash}
          filters={INVENTORY_FILTERS}
          defaultSort={{ sort: 'serial', dir: 'asc' }}
          searchLabel="Search by serial"
          rowActions={(l) => (
            <>
              {l.state === 'in_stock' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setDialog({ kind: 'rent', lockbox: { hash: l.hash, serial: l.serial } })
                  }
                >
                  Rent out <span className="ln-visually-hidden">{l.serial}</span>
                </Button>
              ) : null}{' '}
              {staffStateChoices(l.state).length ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setDialog({ kind: 'state', lockbox: l })}
                >
                  Change state <span className="ln-visually-hidden">of {l.serial}</span>
                </Button>
              ) : null}
              {l.state === 'out' ? (
                <Link to={`${LOCKBOX_PAGES.rentals}?search=${encodeURIComponent(l.serial)}`}>
                  See the rental <span className="ln-visually-hidden">of {l.serial}</span>
                </Link>
              ) : null}
            </>
          )}
          empty={(filtered) =>
            filtered ? <p>No lockbox matches.</p> : <p>No lockboxes yet. Add the first ones.</p>
          }
        />
        <Dialog
          title={
            dialog?.kind === 'add'
              ? 'Add lockboxes'
              : dialog?.kind === 'rent'
                ? 'Rent a lockbox out'
                : `Change the state of ${dialog?.lockbox.serial ?? ''}`
          }
          open={dialog !== null}
          onOpenChange={(open) => !open && setDialog(null)}
        >
          {dialog?.kind === 'add' ? (
            <AddLockboxesForm
              onDone={(n) => close(`${n} ${n === 1 ? 'lockbox' : 'lockboxes'} added in stock.`)}
            />
          ) : dialog?.kind === 'rent' ? (
            <RentLockboxForm
              {...(dialog.lockbox ? { lockbox: dialog.lockbox } : {})}
              onDone={(r) =>
                close(
                  `${r.lockbox.serial} is out at ${r.property.address} until ${formatListingDay(r.endDate)}.`,
                )
              }
            />
          ) : dialog?.kind === 'state' ? (
            <LockboxStateForm
              lockbox={dialog.lockbox}
              onDone={() => close(`${dialog.lockbox.serial}: state saved.`)}
            />
          ) : null}
        </Dialog>
      </section>
    </Requires>
  );
}

const RENTAL_FILTERS = [
  {
    name: 'status',
    label: 'Status',
    default: 'all',
    options: [
      { value: 'all', label: 'Every rental' },
      ...Object.entries(LOCKBOX_RENTAL_STATUSES).map(([value, s]) => ({ value, label: s.label })),
    ],
  },
] as const;

const daysText = (r: TAdminLockboxRental) =>
  r.status === 'returned'
    ? `Returned ${formatListingDay(r.returnedOn ?? r.endDate)}`
    : r.status === 'forfeited'
      ? 'Deposit kept'
      : r.daysLeft >= 0
        ? `${r.daysLeft} ${r.daysLeft === 1 ? 'day' : 'days'} left`
        : `${-r.daysLeft} ${r.daysLeft === -1 ? 'day' : 'days'} overdue`;

const RENTAL_COLUMNS: ReadonlyArray<DataColumn<TAdminLockboxRental>> = [
  {
    id: 'lockbox',
    header: 'Lockbox',
    cell: (r) => (
      <>
        <strong>{r.lockbox.serial}</strong>
        <div className="ds-muted">{LOCKBOX_TYPES[r.lockbox.type].label}</div>
      </>
    ),
  },
  {
    id: 'property',
    header: 'Property and customer',
    cell: (r) => (
      <>
        <Link to={ADMIN_PAGES.property(r.property.hash)}>{r.property.address}</Link>
        <div>
          <Link to={ADMIN_PAGES.user(r.customer.hash)}>{r.customer.name}</Link>
          {r.customer.name !== r.customer.email ? (
            <span className="ds-muted"> {r.customer.email}</span>
          ) : null}
        </div>
      </>
    ),
  },
  {
    id: 'invoice',
    header: 'Invoice',
    cell: (r) =>
      r.invoice ? <Link to={ADMIN_PAGES.invoice(r.invoice.hash)}>{r.invoice.number}</Link> : '—',
  },
  {
    id: 'start',
    header: 'Start',
    sort: 'start',
    firstDir: 'desc',
    cell: (r) => formatListingDay(r.startDate),
  },
  {
    id: 'end',
    header: 'End',
    sort: 'end',
    firstDir: 'asc',
    cell: (r) => (
      <>
        {formatListingDay(r.endDate)}
        <div className="ds-muted">{daysText(r)}</div>
      </>
    ),
  },
  {
    id: 'deposit',
    header: 'Deposit',
    numeric: true,
    cell: (r) => (
      <>
        {formatCents(r.depositCents)}
        {r.depositRefundedCents > 0 ? (
          <div className="ds-muted">{formatCents(r.depositRefundedCents)} refunded</div>
        ) : null}
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => (
      <Badge tone={RENTAL_TONE[r.status]}>{LOCKBOX_RENTAL_STATUSES[r.status].label}</Badge>
    ),
  },
];
/** A rental that still owes a return or a deposit refund. */
const owes = (r: TAdminLockboxRental) =>
  r.status === 'active' ||
  r.status === 'overdue' ||
  (r.status === 'returned' && r.depositRefundedCents < r.depositCents);

/** /admin/lockboxes/rentals (issue 21): who has which lockbox, until when, and the deposits. */
export function LockboxRentalsPage() {
  const [returning, setReturning] = useState<TAdminLockboxRental | null>(null);
  const [renting, setRenting] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <Requires permission="lockboxes.manage">
      <section className="ds-page" aria-labelledby="rentals-title">
        <h1 id="rentals-title">Lockboxes</h1>
        <LockboxTabs />
        <p>
          Rentals run 180 days. Owners are reminded 7 days before the end, on the day and 7, 14 and
          21 days after; 30 days overdue, the deposit is kept and the lockbox counted lost.
        </p>
        {said ? <p role="status">{said}</p> : null}
        <div className="adm-actions">
          <Button onClick={() => setRenting(true)}>Rent a lockbox out</Button>
        </div>
        <DataTable<TAdminLockboxRental>
          caption="Lockbox rentals"
          queryKey={lockboxRentalsKey}
          fetchPage={fetchLockboxRentalsPage}
          columns={RENTAL_COLUMNS}
          rowKey={(r) => r.hash}
          filters={RENTAL_FILTERS}
          defaultSort={{ sort: 'end', dir: 'asc' }}
          searchLabel="Search by serial, street, city or customer"
          rowActions={(r) =>
            owes(r) ? (
              <Button size="sm" variant="secondary" onClick={() => setReturning(r)}>
                {r.returnedOn ? 'Refund the deposit' : 'Record return'}{' '}
                <span className="ln-visually-hidden">of {r.lockbox.serial}</span>
              </Button>
            ) : null
          }
          empty={(filtered) =>
            filtered ? <p>No rental matches.</p> : <p>No lockbox has been rented out yet.</p>
          }
        />
        <Dialog
          title={renting ? 'Rent a lockbox out' : `Return of ${returning?.lockbox.serial ?? ''}`}
          open={renting || returning !== null}
          onOpenChange={(open) => {
            if (!open) {
              setRenting(false);
              setReturning(null);
            }
          }}
        >
          {renting ? (
            <RentLockboxForm
              onDone={(r) => {
                setRenting(false);
                setSaid(
                  `${r.lockbox.serial} is out at ${r.property.address} until ${formatListingDay(r.endDate)}.`,
                );
              }}
            />
          ) : returning ? (
            <ReturnLockboxForm
              rental={returning}
              onDone={(cents) => {
                setSaid(
                  `${returning.lockbox.serial} is back in stock; ${formatCents(cents)} of the deposit refunded.`,
                );
                setReturning(null);
              }}
            />
          ) : null}
        </Dialog>
      </section>
    </Requires>
  );
}
