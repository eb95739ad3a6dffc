import {
  formatListingDay,
  formatSlotTime,
  INVOICE_STATUS_LABELS,
  type TWorkOrder,
} from '@lantern/contracts';
import {
  ADMIN_PAGES,
  formatCents,
  PROOF_REVIEWS,
  type TWorkOrderState,
  WORK_ORDER_KIND_KEYS,
  WORK_ORDER_KINDS,
  WORK_ORDER_STATE_KEYS,
  WORK_ORDER_STATES,
} from '@lantern/domain';
import { Badge, type BadgeTone, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import {
  fetchWorkOrdersPage,
  useWorkOrderAssignees,
  workOrderListKey,
} from '../../../features/work-orders/api/work-orders.ts';
import { ShootReview } from '../../../features/work-orders/components/shoot-review.tsx';
import {
  AssignWorkOrderForm,
  CreateWorkOrderForm,
  MoveWorkOrderForm,
  moveChoices,
  ReviewWorkOrderForm,
  ScheduleWorkOrderForm,
  TripChargeForm,
} from '../../../features/work-orders/components/work-order-forms.tsx';
import { Requires } from './requires.tsx';

export const STATE_TONE: Record<TWorkOrderState, BadgeTone> = {
  requested: 'neutral',
  scheduled: 'primary',
  en_route: 'primary',
  done: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

const SCHEDULABLE: readonly TWorkOrderState[] = ['requested', 'scheduled', 'failed'];

type Dialogs =
  | { kind: 'create' }
  | {
      kind: 'schedule' | 'assign' | 'move' | 'review' | 'trip-charge' | 'shoot';
      workOrder: TWorkOrder;
    }
  | null;

const columns: ReadonlyArray<DataColumn<TWorkOrder>> = [
  {
    id: 'kind',
    header: 'Trip',
    cell: (w) => (
      <>
        <strong>{WORK_ORDER_KINDS[w.kind].label}</strong>
        <div className="ds-muted">{w.order.product}</div>
        {w.notes ? <div className="ds-muted">{w.notes}</div> : null}
      </>
    ),
  },
  {
    id: 'property',
    header: 'Property and customer',
    cell: (w) => (
      <>
        <Link to={ADMIN_PAGES.property(w.property.hash)}>{w.property.address}</Link>
        <div>
          <Link to={ADMIN_PAGES.user(w.customer.hash)}>{w.customer.name}</Link>
        </div>
      </>
    ),
  },
  {
    id: 'state',
    header: 'State',
    cell: (w) => (
      <>
        <Badge tone={STATE_TONE[w.state]}>{WORK_ORDER_STATES[w.state].label}</Badge>
        {w.proofReview ? (
          <div className="ds-muted">Photos: {PROOF_REVIEWS[w.proofReview].label.toLowerCase()}</div>
        ) : null}
        {w.state === 'failed' && w.failureReason ? (
          <div className="ds-muted">{w.failureReason}</div>
        ) : null}
        {w.tripCharge ? (
          <div>
            Trip charge{' '}
            <Link to={ADMIN_PAGES.invoice(w.tripCharge.hash)}>{w.tripCharge.number}</Link>,{' '}
            {formatCents(w.tripCharge.totalCents)},{' '}
            {INVOICE_STATUS_LABELS[w.tripCharge.status].toLowerCase()}
          </div>
        ) : null}
      </>
    ),
  },
  {
    id: 'scheduled',
    header: 'Day',
    sort: 'scheduled',
    firstDir: 'asc',
    cell: (w) =>
      w.scheduledDay ? (
        <>
          {formatListingDay(w.scheduledDay)}
          {w.appointment ? (
            <div className="ds-muted">
              Booked by the customer, {formatSlotTime(w.appointment.startsAt, w.property.timeZone)}
            </div>
          ) : null}
        </>
      ) : (
        <span className="ds-muted">From {formatListingDay(w.earliestDay)}</span>
      ),
  },
  { id: 'assignee', header: 'Assignee', cell: (w) => w.assignee?.name ?? '—' },
  {
    id: 'created',
    header: 'Requested',
    sort: 'created',
    firstDir: 'desc',
    cell: (w) => formatDate(w.requestedAt),
  },
];

const what = (w: TWorkOrder) => `${WORK_ORDER_KINDS[w.kind].label} at ${w.property.address}`;

/** What staff can do with one work order in its state; each opens its dialog. */
function RowActions({
  workOrder: w,
  open: setDialog,
}: {
  workOrder: TWorkOrder;
  open: (d: Dialogs) => void;
}) {
  return (
    <>
      {SCHEDULABLE.includes(w.state) ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDialog({ kind: 'schedule', workOrder: w })}
        >
          {w.scheduledDay ? 'Reschedule' : 'Schedule'}{' '}
          <span className="ln-visually-hidden">{what(w)}</span>
        </Button>
      ) : null}{' '}
      {w.state !== 'done' && w.state !== 'cancelled' ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDialog({ kind: 'assign', workOrder: w })}
        >
          Assign <span className="ln-visually-hidden">{what(w)}</span>
        </Button>
      ) : null}{' '}
      {w.state === 'done' && w.proofReview === 'pending' ? (
        <Button
          size="sm"
          variant="primary"
          onClick={() => setDialog({ kind: 'review', workOrder: w })}
        >
          Review the photos <span className="ln-visually-hidden">of {what(w)}</span>
        </Button>
      ) : null}{' '}
      {w.shootStatus ? (
        <Button
          size="sm"
          variant={w.shootStatus === 'submitted' ? 'primary' : 'secondary'}
          onClick={() => setDialog({ kind: 'shoot', workOrder: w })}
        >
          {w.shootStatus === 'submitted' ? 'Review the shoot' : 'See the shoot'}{' '}
          <span className="ln-visually-hidden">of {what(w)}</span>
        </Button>
      ) : null}{' '}
      {w.canAddTripCharge ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDialog({ kind: 'trip-charge', workOrder: w })}
        >
          Add the trip charge <span className="ln-visually-hidden">for {what(w)}</span>
        </Button>
      ) : null}{' '}
      {moveChoices(w.state).length ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDialog({ kind: 'move', workOrder: w })}
        >
          Change state <span className="ln-visually-hidden">of {what(w)}</span>
        </Button>
      ) : null}
    </>
  );
}

function dialogTitle(dialog: Dialogs): string {
  return dialog?.kind === 'create'
    ? 'New work order'
    : dialog?.kind === 'schedule'
      ? `Schedule: ${what(dialog.workOrder)}`
      : dialog?.kind === 'assign'
        ? `Assign: ${what(dialog.workOrder)}`
        : dialog?.kind === 'review'
          ? `Proof photos: ${what(dialog.workOrder)}`
          : dialog?.kind === 'shoot'
            ? `Photographs: ${what(dialog.workOrder)}`
            : dialog?.kind === 'trip-charge'
              ? `Trip charge: ${what(dialog.workOrder)}`
              : dialog
                ? `Change the state: ${what(dialog.workOrder)}`
                : '';
}

function DialogBody({
  dialog,
  close,
}: {
  dialog: Dialogs;
  close: (message: string | null) => void;
}) {
  return (
    <>
      {dialog?.kind === 'create' ? (
        <CreateWorkOrderForm onDone={(w) => close(`${what(w)}: work order created, requested.`)} />
      ) : dialog?.kind === 'schedule' ? (
        <ScheduleWorkOrderForm
          workOrder={dialog.workOrder}
          onDone={() => close(`${what(dialog.workOrder)}: scheduled.`)}
        />
      ) : dialog?.kind === 'assign' ? (
        <AssignWorkOrderForm
          workOrder={dialog.workOrder}
          onDone={() => close(`${what(dialog.workOrder)}: assignee saved.`)}
        />
      ) : dialog?.kind === 'review' ? (
        <ReviewWorkOrderForm
          workOrder={dialog.workOrder}
          onDone={(decision) =>
            close(
              decision === 'approved'
                ? `${what(dialog.workOrder)}: the work is approved; the customer is told it is done.`
                : `${what(dialog.workOrder)}: the work is rejected; the trip is failed, to be scheduled again.`,
            )
          }
        />
      ) : dialog?.kind === 'shoot' ? (
        <ShootReview
          workOrder={dialog.workOrder}
          onDone={(decision) =>
            close(
              decision === 'approve'
                ? `${what(dialog.workOrder)}: the photographs are delivered; the customer is mailed.`
                : `${what(dialog.workOrder)}: the photographs are sent back to the photographer.`,
            )
          }
        />
      ) : dialog?.kind === 'trip-charge' ? (
        <TripChargeForm
          workOrder={dialog.workOrder}
          onDone={(number) =>
            close(
              `${what(dialog.workOrder)}: trip charge ${number} billed; the customer is mailed.`,
            )
          }
        />
      ) : dialog?.kind === 'move' ? (
        <MoveWorkOrderForm
          workOrder={dialog.workOrder}
          onDone={() => close(`${what(dialog.workOrder)}: state saved.`)}
        />
      ) : null}
    </>
  );
}

/** /admin/work-orders (issue 21): every trip to a property, and what staff do with each. */
export function WorkOrdersPage() {
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [said, setSaid] = useState<string | null>(null);
  const people = useWorkOrderAssignees();
  const close = (message: string | null) => {
    setDialog(null);
    setSaid(message);
  };
  const filters = [
    {
      name: 'state',
      label: 'State',
      default: '',
      options: [
        { value: '', label: 'Any state' },
        ...WORK_ORDER_STATE_KEYS.map((value) => ({ value, label: WORK_ORDER_STATES[value].label })),
      ],
    },
    {
      name: 'kind',
      label: 'Trip',
      default: '',
      options: [
        { value: '', label: 'Any trip' },
        ...WORK_ORDER_KIND_KEYS.map((value) => ({ value, label: WORK_ORDER_KINDS[value].label })),
      ],
    },
    {
      name: 'assignee',
      label: 'Assignee',
      default: '',
      options: [
        { value: '', label: 'Anyone' },
        { value: 'none', label: 'Nobody yet' },
        ...(people.data?.assignees ?? []).map((p) => ({ value: p.hash, label: p.name })),
      ],
    },
  ];
  return (
    <Requires permission="workorders.manage">
      <section className="ds-page" aria-labelledby="work-orders-title">
        <h1 id="work-orders-title">Work orders</h1>
        <p>
          Trips to properties: sign posts installed, swapped, repaired and removed, lockboxes
          delivered and picked up, photography visits. The customer is mailed at each change and
          sees the state live on their product page.
        </p>
        {said ? <p role="status">{said}</p> : null}
        <div className="adm-actions">
          <Button onClick={() => setDialog({ kind: 'create' })}>New work order</Button>
        </div>
        <DataTable<TWorkOrder>
          caption="Work orders"
          queryKey={workOrderListKey}
          fetchPage={fetchWorkOrdersPage}
          columns={columns}
          rowKey={(w) => w.hash}
          filters={filters}
          defaultSort={{ sort: 'created', dir: 'desc' }}
          searchLabel="Search by street, city or customer"
          rowActions={(w) => <RowActions workOrder={w} open={setDialog} />}
          empty={(filtered) =>
            filtered ? (
              <p>No work order matches.</p>
            ) : (
              <p>No work orders yet. Create one from a sign post, lockbox or photography order.</p>
            )
          }
        />
        <Dialog
          title={dialogTitle(dialog)}
          open={dialog !== null}
          onOpenChange={(open) => !open && setDialog(null)}
          {...(dialog?.kind === 'shoot' ? { className: 'ds-dialog--wide' } : {})}
        >
          <DialogBody dialog={dialog} close={close} />
        </Dialog>
      </section>
    </Requires>
  );
}
