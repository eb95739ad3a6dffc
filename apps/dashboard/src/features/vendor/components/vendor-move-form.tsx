import { type TVendorWorkOrder, ZVendorWorkOrderMoveRequestSchema } from '@lantern/contracts';
import {
  type TVendorWorkOrderMove,
  VENDOR_WORK_ORDER_MOVES,
  WORK_ORDER_STATES,
  WORK_ORDER_TRANSITIONS,
} from '@lantern/domain';
import {
  Alert,
  Button,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useVendorMoveWorkOrder } from '../api/work-orders.ts';

/** The moves open to the assignee from a state: on the way, done, failed. */
export const vendorMoves = (w: Pick<TVendorWorkOrder, 'state'>): TVendorWorkOrderMove[] =>
  VENDOR_WORK_ORDER_MOVES.filter((m) => WORK_ORDER_TRANSITIONS[w.state].includes(m));

/** The assignee says where the trip stands; a failed one needs the reason (the customer reads it). */
export function VendorMoveForm({
  workOrder,
  onDone,
}: {
  workOrder: TVendorWorkOrder;
  onDone: (state: TVendorWorkOrderMove) => void;
}) {
  const move = useVendorMoveWorkOrder(workOrder.hash);
  const choices = vendorMoves(workOrder);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZVendorWorkOrderMoveRequestSchema, {
    defaultValues: { state: choices[0] ?? 'failed', reason: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await move.mutateAsync(body);
      onDone(body.state);
    } catch (error) {
      setApiErrors(error, setError, ['state', 'reason']);
    }
  });
  const message = formError(errors);
  return (
    <form noValidate onSubmit={submit}>
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <p>Now: {WORK_ORDER_STATES[workOrder.state].label}.</p>
      <Select
        {...register('state')}
        label="New state"
        options={choices.map((s) => ({ value: s, label: WORK_ORDER_STATES[s].label }))}
        error={fieldError(errors, 'state')}
      />
      {watch('state') === 'failed' ? (
        <TextField
          {...register('reason')}
          label="Why it could not be finished"
          hint="The customer reads this."
          maxLength={500}
          error={fieldError(errors, 'reason')}
        />
      ) : null}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Save
      </Button>
    </form>
  );
}
