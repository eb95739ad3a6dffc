import {
  formatListingDay,
  TRIP_CHARGE_CENTS,
  type TWorkOrder,
  type TWorkOrderOrder,
  ZAssignWorkOrderFormSchema,
  ZCreateWorkOrderRequestSchema,
  ZReviewWorkOrderRequestSchema,
  ZScheduleWorkOrderRequestSchema,
  ZWorkOrderMoveRequestSchema,
} from '@lantern/contracts';
import {
  formatCents,
  type TWorkOrderKind,
  type TWorkOrderState,
  WORK_ORDER_KINDS,
  WORK_ORDER_STATES,
  WORK_ORDER_TRANSITIONS,
} from '@lantern/domain';
import {
  Alert,
  Button,
  Checkbox,
  FormError,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import {
  useAddTripCharge,
  useAssignWorkOrder,
  useCreateWorkOrder,
  useMoveWorkOrder,
  useReviewWorkOrder,
  useScheduleWorkOrder,
  useTripOrders,
  useWorkOrder,
  useWorkOrderAssignees,
} from '../api/work-orders.ts';

/** Find the order by address or customer, then choose what the trip is for. */
export function CreateWorkOrderForm({ onDone }: { onDone: (wo: TWorkOrder) => void }) {
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<TWorkOrderOrder | null>(null);
  const orders = useTripOrders(search);
  return (
    <div>
      <form
        aria-label="Order search"
        onSubmit={(e) => {
          e.preventDefault();
          setChosen(null);
          setSearch(typed.trim());
        }}
      >
        <TextField
          label="Find the order"
          hint="A street, city, customer name or email."
          value={typed}
          maxLength={200}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {orders.isPending ? (
        <p role="status">Looking for orders…</p>
      ) : orders.isError ? (
        <Alert tone="danger">{orders.error.message}</Alert>
      ) : !orders.data.orders.length ? (
        <p role="status">No sign post, sign, lockbox or photography order matches.</p>
      ) : (
        <fieldset className="adm-choices">
          <legend>Order</legend>
          {orders.data.orders.map((o) => (
            <label key={o.hash} className="adm-choice">
              <input
                type="radio"
                name="work-order-order"
                value={o.hash}
                checked={chosen?.hash === o.hash}
                onChange={() => setChosen(o)}
              />{' '}
              {o.product} — {o.property.address} — {o.customer.name}
            </label>
          ))}
        </fieldset>
      )}
      {chosen ? <CreateFor key={chosen.hash} order={chosen} onDone={onDone} /> : null}
    </div>
  );
}

function CreateFor({
  order,
  onDone,
}: {
  order: TWorkOrderOrder;
  onDone: (wo: TWorkOrder) => void;
}) {
  const create = useCreateWorkOrder();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZCreateWorkOrderRequestSchema, {
    defaultValues: { order: order.hash, kind: order.kinds[0] as TWorkOrderKind, notes: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      onDone(await create.mutateAsync(body));
    } catch (error) {
      setApiErrors(error, setError, ['order', 'kind', 'notes']);
    }
  });
  const message = formError(errors) ?? fieldError(errors, 'order');
  return (
    <form noValidate onSubmit={submit}>
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <Select
        {...register('kind')}
        label="Trip"
        options={order.kinds.map((k) => ({ value: k, label: WORK_ORDER_KINDS[k].label }))}
        error={fieldError(errors, 'kind')}
      />
      <TextAreaField
        {...register('notes')}
        label="Notes for the person going (optional)"
        hint="Where on the lot, gate codes, who to call."
        maxLength={1000}
        error={fieldError(errors, 'notes')}
      />
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Create the work order
      </Button>
    </form>
  );
}

/** Set the day: a business day, no earlier than the cutoff allows (the server says why not). */
export function ScheduleWorkOrderForm({
  workOrder,
  onDone,
}: {
  workOrder: TWorkOrder;
  onDone: () => void;
}) {
  const schedule = useScheduleWorkOrder(workOrder.hash);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZScheduleWorkOrderRequestSchema, {
    defaultValues: { day: workOrder.scheduledDay ?? workOrder.earliestDay },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await schedule.mutateAsync(body);
      onDone();
    } catch (error) {
      setApiErrors(error, setError, ['day']);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormError errors={errors} />
      <p>
        {WORK_ORDER_KINDS[workOrder.kind].label} at {workOrder.property.address}. The earliest day
        is {formatListingDay(workOrder.earliestDay)}: requests before 2 pm on a business day (
        {workOrder.property.timeZone.replace('_', ' ')} time) can go the next business day, later
        ones the business day after. Weekends and federal holidays are not business days.
      </p>
      <TextField
        {...register('day')}
        type="date"
        label="Day"
        min={workOrder.earliestDay}
        error={fieldError(errors, 'day')}
      />
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Schedule
      </Button>
    </form>
  );
}

/** Give it to staff or a field vendor, or take it back. */
export function AssignWorkOrderForm({
  workOrder,
  onDone,
}: {
  workOrder: TWorkOrder;
  onDone: () => void;
}) {
  const assign = useAssignWorkOrder(workOrder.hash);
  const people = useWorkOrderAssignees();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZAssignWorkOrderFormSchema, {
    defaultValues: { assignee: workOrder.assignee?.hash ?? '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await assign.mutateAsync({ assignee: body.assignee || null });
      onDone();
    } catch (error) {
      setApiErrors(error, setError, ['assignee']);
    }
  });
  const message = formError(errors);
  if (people.isPending) return <p role="status">Loading people…</p>;
  if (people.isError) return <Alert tone="danger">{people.error.message}</Alert>;
  return (
    <form noValidate onSubmit={submit}>
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <Select
        {...register('assignee')}
        label="Assignee"
        hint="Staff, or a person with the field vendor kind. A field vendor sees only their own work orders."
        options={[
          { value: '', label: 'Nobody (take it back)' },
          ...people.data.assignees.map((p) => ({
            value: p.hash,
            label: `${p.name}${p.name !== p.email ? ` (${p.email})` : ''} — ${p.kind === 'staff' ? 'staff' : 'field vendor'}`,
          })),
        ]}
        error={fieldError(errors, 'assignee')}
      />
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Save the assignee
      </Button>
    </form>
  );
}

type Move = 'en_route' | 'done' | 'failed' | 'cancelled';
/** The moves staff may make from a state (scheduling is its own form). */
export const moveChoices = (state: TWorkOrderState): Move[] =>
  WORK_ORDER_TRANSITIONS[state].filter((s): s is Move => s !== 'scheduled' && s !== 'requested');

/** Move it along: en route, done, failed (with the reason) or cancelled. */
export function MoveWorkOrderForm({
  workOrder,
  onDone,
}: {
  workOrder: TWorkOrder;
  onDone: () => void;
}) {
  const move = useMoveWorkOrder(workOrder.hash);
  const choices = moveChoices(workOrder.state);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZWorkOrderMoveRequestSchema, {
    defaultValues: { state: choices[0] ?? 'cancelled', reason: '', tripCharge: false },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await move.mutateAsync(body);
      onDone();
    } catch (error) {
      setApiErrors(error, setError, ['state', 'reason', 'tripCharge']);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormError errors={errors} />
      <p>Now: {WORK_ORDER_STATES[workOrder.state].label}.</p>
      <Select
        {...register('state')}
        label="New state"
        options={choices.map((s) => ({ value: s, label: WORK_ORDER_STATES[s].label }))}
        error={fieldError(errors, 'state')}
      />
      {watch('state') === 'failed' ? (
        <>
          <TextField
            {...register('reason')}
            label="Why it could not be finished"
            hint="The customer reads this."
            maxLength={500}
            error={fieldError(errors, 'reason')}
          />
          {workOrder.tripCharge ? null : (
            <Checkbox
              {...register('tripCharge')}
              label={`Bill the customer the ${formatCents(TRIP_CHARGE_CENTS)} trip charge`}
              hint="A new invoice on the same order, with the state’s sales tax; the customer is mailed. One per work order."
              error={fieldError(errors, 'tripCharge')}
            />
          )}
        </>
      ) : null}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Save the state
      </Button>
    </form>
  );
}

/**
 * Look at the proof photos of a done trip and approve them (the customer is told it is done), or
 * reject them with the reason: the trip becomes failed and is scheduled again.
 */
export function ReviewWorkOrderForm({
  workOrder,
  onDone,
}: {
  workOrder: TWorkOrder;
  onDone: (decision: 'approved' | 'rejected') => void;
}) {
  const detail = useWorkOrder(workOrder.hash);
  const review = useReviewWorkOrder(workOrder.hash);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZReviewWorkOrderRequestSchema, {
    defaultValues: { decision: 'approved', reason: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await review.mutateAsync(body);
      onDone(body.decision);
    } catch (error) {
      setApiErrors(error, setError, ['decision', 'reason']);
    }
  });
  const message = formError(errors);
  if (detail.isPending) return <p role="status">Loading the photos…</p>;
  if (detail.isError) return <Alert tone="danger">{detail.error.message}</Alert>;
  const photos = detail.data.photos;
  return (
    <form noValidate onSubmit={submit}>
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <ul className="adm-proof-photos">
        {photos.map((p) =>
          p.urls ? (
            <li key={p.hash}>
              <a href={p.urls.web} target="_blank" rel="noreferrer">
                <img
                  src={p.urls.thumb}
                  alt={`The finished work, ${p.position + 1} of ${photos.length} (opens larger)`}
                  width={160}
                />
              </a>
            </li>
          ) : (
            <li key={p.hash}>
              {p.fileName}: {p.status === 'refused' ? p.error : 'being prepared…'}
            </li>
          ),
        )}
      </ul>
      <TextField
        {...register('reason')}
        label="What is wrong (to reject)"
        hint="The customer and the assignee read this; the trip is then failed, to be scheduled again."
        maxLength={500}
        error={fieldError(errors, 'reason')}
      />
      <div className="adm-actions">
        <Button
          type="submit"
          variant="primary"
          loading={isSubmitting}
          onClick={() => setValue('decision', 'approved')}
        >
          Approve the work
        </Button>
        <Button
          type="submit"
          variant="secondary"
          loading={isSubmitting}
          onClick={() => setValue('decision', 'rejected')}
        >
          Reject the work
        </Button>
      </div>
    </form>
  );
}

/** Bill the trip charge of a trip that failed: a new invoice on the same order (decision 046). */
export function TripChargeForm({
  workOrder,
  onDone,
}: {
  workOrder: TWorkOrder;
  onDone: (number: string) => void;
}) {
  const add = useAddTripCharge(workOrder.hash);
  return (
    <div>
      {add.isError ? <Alert tone="danger">{add.error.message}</Alert> : null}
      <p>
        The customer is billed {formatCents(TRIP_CHARGE_CENTS)} plus the sales tax of the property’s
        state on a new invoice of the same order, and mailed a link to pay it.
        {workOrder.failureReason ? ` The trip failed: ${workOrder.failureReason}` : ''}
      </p>
      <Button
        variant="primary"
        loading={add.isPending}
        onClick={() =>
          add.mutate(undefined, { onSuccess: (wo) => onDone(wo.tripCharge?.number ?? '') })
        }
      >
        Bill the trip charge
      </Button>
    </div>
  );
}
