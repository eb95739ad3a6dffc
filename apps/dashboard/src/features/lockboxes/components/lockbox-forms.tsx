import {
  staffStateChoices,
  type TAdminLockbox,
  type TAdminLockboxRental,
  ZAddLockboxesFormSchema,
  ZLockboxStateRequestSchema,
  ZRentLockboxFormSchema,
  ZReturnLockboxFormSchema,
} from '@lantern/contracts';
import {
  formatCents,
  LOCKBOX_STATES,
  LOCKBOX_TYPE_KEYS,
  LOCKBOX_TYPES,
  todayUtc,
} from '@lantern/domain';
import {
  Alert,
  Button,
  FormError,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import {
  useAddLockboxes,
  useChangeLockboxState,
  useLockboxesInStock,
  useRentLockbox,
  useReturnLockbox,
  useWaitingLockboxOrders,
} from '../api/lockboxes.ts';

const TYPE_OPTIONS = LOCKBOX_TYPE_KEYS.map((k) => ({ value: k, label: LOCKBOX_TYPES[k].label }));

/** Add lockboxes of one type: serials one a line (or separated by commas). */
export function AddLockboxesForm({ onDone }: { onDone: (added: number) => void }) {
  const add = useAddLockboxes();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZAddLockboxesFormSchema, {
    defaultValues: { serials: '', type: 'combination', notes: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      const made = await add.mutateAsync(body);
      onDone(made.lockboxes.length);
    } catch (error) {
      setApiErrors(error, setError, ['serials', 'type', 'notes']);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormError errors={errors} />
      <TextAreaField
        {...register('serials')}
        label="Serial numbers"
        hint="One a line, or separated by commas. Letters, digits and dashes."
        error={fieldError(errors, 'serials')}
      />
      <Select
        {...register('type')}
        label="Kind"
        options={TYPE_OPTIONS}
        error={fieldError(errors, 'type')}
      />
      <TextField
        {...register('notes')}
        label="Note (optional)"
        hint="For example where they are kept."
        maxLength={500}
        error={fieldError(errors, 'notes')}
      />
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Add to the inventory
      </Button>
    </form>
  );
}

/** Mark a lockbox lost, found or retired, with a note of why. */
export function LockboxStateForm({
  lockbox,
  onDone,
}: {
  lockbox: TAdminLockbox;
  onDone: () => void;
}) {
  const change = useChangeLockboxState(lockbox.hash);
  const choices = staffStateChoices(lockbox.state);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZLockboxStateRequestSchema, {
    defaultValues: { state: choices[0] ?? lockbox.state, notes: lockbox.notes },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      onDone();
    } catch (error) {
      setApiErrors(error, setError, ['state', 'notes']);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormError errors={errors} />
      <p>Now: {LOCKBOX_STATES[lockbox.state].label}. A retired lockbox is never rented again.</p>
      <Select
        {...register('state')}
        label="New state"
        options={choices.map((s) => ({
          value: s,
          label: s === 'in_stock' ? 'In stock (found)' : LOCKBOX_STATES[s].label,
        }))}
        error={fieldError(errors, 'state')}
      />
      <TextField
        {...register('notes')}
        label="Note"
        hint="Why, for the next person who looks. Replaces the lockbox's note."
        maxLength={500}
        error={fieldError(errors, 'notes')}
      />
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Save the state
      </Button>
    </form>
  );
}

/** Rent a lockbox in stock out for a paid lockbox rental order. */
export function RentLockboxForm({
  lockbox,
  onDone,
}: {
  /** Chosen already (from its row in the inventory). */
  lockbox?: { hash: string; serial: string };
  onDone: (rental: TAdminLockboxRental) => void;
}) {
  const rent = useRentLockbox();
  const orders = useWaitingLockboxOrders();
  const boxes = useLockboxesInStock(!lockbox);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZRentLockboxFormSchema, {
    defaultValues: { order: '', lockbox: lockbox?.hash ?? '', startDate: todayUtc() },
  });
  const submit = handleSubmit(async (body) => {
    try {
      onDone(await rent.mutateAsync(body));
    } catch (error) {
      setApiErrors(error, setError, ['order', 'lockbox', 'startDate']);
    }
  });
  const message = formError(errors);
  if (orders.isPending || (!lockbox && boxes.isPending))
    return <p role="status">Loading orders and lockboxes…</p>;
  if (orders.isError) return <Alert tone="danger">{orders.error.message}</Alert>;
  if (boxes.isError) return <Alert tone="danger">{boxes.error.message}</Alert>;
  if (!orders.data.orders.length)
    return <p>No paid lockbox rental order is waiting for a lockbox.</p>;
  if (!lockbox && !boxes.data?.rows.length)
    return <p>No lockbox is in stock. Add some to the inventory first.</p>;
  return (
    <form noValidate onSubmit={submit}>
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <Select
        {...register('order')}
        label="Paid order"
        placeholder="Choose the order"
        options={orders.data.orders.map((o) => ({
          value: o.hash,
          label: `${o.property.address} — ${o.customer.name} (${o.invoice.number}, deposit ${formatCents(o.depositCents)})`,
        }))}
        error={fieldError(errors, 'order')}
      />
      {lockbox ? (
        <p>
          Lockbox: <strong>{lockbox.serial}</strong>
        </p>
      ) : (
        <Select
          {...register('lockbox')}
          label="Lockbox"
          placeholder="Choose a lockbox in stock"
          options={(boxes.data?.rows ?? []).map((b) => ({
            value: b.hash,
            label: `${b.serial} (${LOCKBOX_TYPES[b.type].label})`,
          }))}
          error={fieldError(errors, 'lockbox')}
        />
      )}
      <TextField
        {...register('startDate')}
        type="date"
        label="Start date"
        hint="The day it went to the property. The rental ends 180 days later."
        max={todayUtc()}
        error={fieldError(errors, 'startDate')}
      />
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Rent it out
      </Button>
    </form>
  );
}

/** The lockbox came back: record the day and refund what is owed of the deposit. */
export function ReturnLockboxForm({
  rental,
  onDone,
}: {
  rental: TAdminLockboxRental;
  onDone: (refundedCents: number) => void;
}) {
  const back = useReturnLockbox(rental.hash);
  const owed = rental.depositCents - rental.depositRefundedCents;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZReturnLockboxFormSchema, {
    defaultValues: { returnedOn: rental.returnedOn ?? todayUtc() },
  });
  const submit = handleSubmit(async (body) => {
    try {
      const done = await back.mutateAsync(body);
      onDone(done.refundedCents);
    } catch (error) {
      setApiErrors(error, setError, ['returnedOn']);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormError errors={errors} />
      <p>
        Lockbox {rental.lockbox.serial} at {rental.property.address}. Recording its return puts it
        back in stock and refunds {formatCents(owed)} of the deposit against{' '}
        {rental.invoice?.number ?? 'its invoice'}: a card payment through Stripe; a check or
        transfer is recorded as refunded, and you send the money back.
      </p>
      {rental.returnedOn ? null : (
        <TextField
          {...register('returnedOn')}
          type="date"
          label="Returned on"
          max={todayUtc()}
          error={fieldError(errors, 'returnedOn')}
        />
      )}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        {rental.returnedOn ? 'Refund' : 'Record the return and refund'} {formatCents(owed)}
      </Button>
    </form>
  );
}
