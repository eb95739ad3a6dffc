import { formatListingDay, formatSlotTime, type TVendorWorkOrder } from '@lantern/contracts';
import {
  PROOF_REVIEWS,
  type TWorkOrderState,
  WORK_ORDER_KINDS,
  WORK_ORDER_STATE_KEYS,
  WORK_ORDER_STATES,
} from '@lantern/domain';
import { Badge, type BadgeTone, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import {
  fetchVendorWorkOrdersPage,
  vendorWorkOrdersKey,
} from '../../../features/vendor/api/work-orders.ts';
import { PhotoShoot } from '../../../features/vendor/components/photo-shoot.tsx';
import { ProofPhotos } from '../../../features/vendor/components/proof-photos.tsx';
import {
  VendorMoveForm,
  vendorMoves,
} from '../../../features/vendor/components/vendor-move-form.tsx';

const TONE: Record<TWorkOrderState, BadgeTone> = {
  requested: 'neutral',
  scheduled: 'primary',
  en_route: 'primary',
  done: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

const columns: ReadonlyArray<DataColumn<TVendorWorkOrder>> = [
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
            <div>
              {formatSlotTime(w.appointment.startsAt, w.property.timeZone)}–
              {formatSlotTime(w.appointment.endsAt, w.property.timeZone)}
            </div>
          ) : null}
        </>
      ) : (
        'Not scheduled yet'
      ),
  },
  {
    id: 'kind',
    header: 'Trip',
    cell: (w) => (
      <>
        <strong>{WORK_ORDER_KINDS[w.kind].label}</strong>
        {w.notes ? <div className="ds-muted">{w.notes}</div> : null}
      </>
    ),
  },
  { id: 'property', header: 'Address', cell: (w) => w.property.address },
  {
    id: 'state',
    header: 'State',
    cell: (w) => (
      <>
        <Badge tone={TONE[w.state]}>{WORK_ORDER_STATES[w.state].label}</Badge>
        {w.proofReview ? (
          <div className="ds-muted">Photos: {PROOF_REVIEWS[w.proofReview].label.toLowerCase()}</div>
        ) : null}
        {w.state === 'failed' && w.failureReason ? (
          <div className="ds-muted">{w.failureReason}</div>
        ) : null}
      </>
    ),
  },
  { id: 'photos', header: 'Photos', numeric: true, cell: (w) => w.photoCount },
];

const FILTERS = [
  {
    name: 'state',
    label: 'State',
    default: '',
    options: [
      { value: '', label: 'Any state' },
      ...WORK_ORDER_STATE_KEYS.map((value) => ({ value, label: WORK_ORDER_STATES[value].label })),
    ],
  },
] as const;

/** /vendor/work-orders (issue 21): the field vendor's own trips, and nobody else's. */
export function VendorWorkOrdersPage() {
  const [moving, setMoving] = useState<TVendorWorkOrder | null>(null);
  const [shooting, setShooting] = useState<TVendorWorkOrder | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const what = (w: TVendorWorkOrder) =>
    `${WORK_ORDER_KINDS[w.kind].label} at ${w.property.address}`;
  return (
    <section className="ds-page" aria-labelledby="vendor-work-orders-title">
      <h1 id="vendor-work-orders-title">Your work orders</h1>
      <p>
        The trips assigned to you. Say when you are on the way, and when the work is done or could
        not be finished; the customer hears of each.
      </p>
      {said ? <p role="status">{said}</p> : null}
      <DataTable<TVendorWorkOrder>
        caption="Your work orders"
        queryKey={vendorWorkOrdersKey}
        fetchPage={fetchVendorWorkOrdersPage}
        columns={columns}
        rowKey={(w) => w.hash}
        filters={FILTERS}
        defaultSort={{ sort: 'scheduled', dir: 'asc' }}
        searchLabel="Search by address"
        rowActions={(w) => (
          <>
            {vendorMoves(w).length ? (
              <Button size="sm" variant="secondary" onClick={() => setMoving(w)}>
                Update <span className="ln-visually-hidden">{what(w)}</span>
              </Button>
            ) : null}
            {w.kind === 'photography' && (w.state === 'en_route' || w.state === 'done') ? (
              <Button size="sm" variant="secondary" onClick={() => setShooting(w)}>
                Photographs <span className="ln-visually-hidden">of {w.property.address}</span>
              </Button>
            ) : null}
          </>
        )}
        empty={(filtered) =>
          filtered ? <p>No work order matches.</p> : <p>No work orders are assigned to you yet.</p>
        }
      />
      <Dialog
        title={moving ? `Update: ${what(moving)}` : ''}
        open={moving !== null}
        onOpenChange={(open) => !open && setMoving(null)}
      >
        {moving ? (
          <>
            <ProofPhotos workOrder={moving} />
            <VendorMoveForm
              workOrder={moving}
              onDone={(state) => {
                setSaid(`${what(moving)}: ${WORK_ORDER_STATES[state].label.toLowerCase()}.`);
                setMoving(null);
              }}
            />
          </>
        ) : null}
      </Dialog>
      <Dialog
        title={shooting ? `Photographs: ${shooting.property.address}` : ''}
        open={shooting !== null}
        onOpenChange={(open) => !open && setShooting(null)}
        className="ds-dialog--wide"
      >
        {shooting ? <PhotoShoot workOrder={shooting} /> : null}
      </Dialog>
    </section>
  );
}
