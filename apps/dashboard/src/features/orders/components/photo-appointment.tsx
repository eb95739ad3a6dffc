import {
  dayInZone,
  formatAppointment,
  formatListingDay,
  formatSlotTime,
  type TPhotoSlot,
  PHOTO_APPOINTMENT_UI as U,
} from '@lantern/contracts';
import { Alert, Button, fieldError, useSchemaForm } from '@lantern/ui';
import { useState } from 'react';
import { z } from 'zod';
import { useChangePhotoAppointment, usePhotoAppointment } from '../api/photo-appointment.ts';

const keyOf = (s: TPhotoSlot) => `${s.photographer.hash} ${s.startsAt}`;

/** A picker, not a request: the slot chosen, by its key. */
const ZSlotFormSchema = z.object({
  slot: z.string({ error: U.chooseFirst }).min(1, U.chooseFirst),
});

/** The free times grouped by the day they fall on in the property's zone, as radio buttons. */
function SlotPicker({
  slots,
  timeZone,
  legend,
  action,
  busy,
  onChoose,
}: {
  slots: readonly TPhotoSlot[];
  timeZone: string;
  legend: string;
  action: string;
  busy: boolean;
  onChoose: (slot: TPhotoSlot) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ZSlotFormSchema, { defaultValues: { slot: '' } });
  const days = new Map<string, TPhotoSlot[]>();
  for (const s of slots) {
    const day = dayInZone(s.startsAt, timeZone);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  const submit = handleSubmit(({ slot: key }) => {
    const slot = slots.find((s) => keyOf(s) === key);
    // The times may have been read again since the choice: one no longer offered is no choice.
    if (slot) onChoose(slot);
    else setError('slot', { message: U.chooseFirst });
  });
  const missing = fieldError(errors, 'slot');
  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="ds-slots">
        <legend>{legend}</legend>
        <p className="ds-muted">{U.pickHint(timeZone)}</p>
        {missing ? <Alert tone="danger">{missing}</Alert> : null}
        {[...days].map(([day, list]) => (
          <fieldset key={day} className="ds-slots__day">
            <legend className="ds-slots__title">{formatListingDay(day)}</legend>
            {list.map((s) => (
              <label key={keyOf(s)} className="ds-slots__slot">
                <input type="radio" value={keyOf(s)} {...register('slot')} />{' '}
                {U.withWhom(formatSlotTime(s.startsAt, timeZone), s.photographer.name)}
              </label>
            ))}
          </fieldset>
        ))}
      </fieldset>
      <Button type="submit" variant="primary" loading={busy}>
        {action}
      </Button>
    </form>
  );
}

/**
 * On the Photography page (decision 046): the booked visit, or the photographers' free times to
 * book one; moving or cancelling it until 24 hours before. The server decides what is offered.
 */
export function PhotoAppointment({ property }: { property: string }) {
  const view = usePhotoAppointment(property);
  const change = useChangePhotoAppointment(property);
  const [said, setSaid] = useState<string | null>(null);
  if (view.isPending) return null;
  if (view.isError) return <Alert tone="danger">{view.error.message}</Alert>;
  const { appointment, slots, notice, timeZone, canChange } = view.data;
  const when = (iso: string) => formatAppointment(iso, timeZone);
  const run = (c: Parameters<typeof change.mutate>[0], done: (v: typeof view.data) => string) => {
    setSaid(null);
    change.mutate(c, { onSuccess: (v) => setSaid(done(v)) });
  };
  return (
    <section aria-labelledby="photo-visit-title" className="ln-card ds-photo-visit">
      <h2 id="photo-visit-title" className="ln-card__title">
        {U.title}
      </h2>
      <p role="status">{said}</p>
      {change.isError ? <Alert tone="danger">{change.error.message}</Alert> : null}
      {appointment ? (
        <>
          <p>
            <strong>{U.booked(when(appointment.startsAt), appointment.photographer)}</strong>
          </p>
          {appointment.changeable && canChange ? (
            <>
              <p>{U.changeUntil(when(appointment.changeUntil))}</p>
              {slots.length ? (
                <SlotPicker
                  slots={slots}
                  timeZone={timeZone}
                  legend={U.moveTitle}
                  action={U.move}
                  busy={change.isPending && change.variables?.action === 'move'}
                  onChoose={(slot) =>
                    run({ action: 'move', slot }, () => U.movedSaid(when(slot.startsAt)))
                  }
                />
              ) : null}
              <Button
                variant="secondary"
                loading={change.isPending && change.variables?.action === 'cancel'}
                onClick={() => {
                  if (window.confirm(U.cancelConfirm))
                    run({ action: 'cancel' }, () => U.cancelledSaid);
                }}
              >
                {U.cancel}
              </Button>
            </>
          ) : appointment.changeable ? (
            <p>{U.viewOnly}</p>
          ) : (
            <p>{U.locked}</p>
          )}
        </>
      ) : notice ? (
        <p>{notice}</p>
      ) : !canChange ? (
        <p>{U.viewOnly}</p>
      ) : (
        <SlotPicker
          slots={slots}
          timeZone={timeZone}
          legend={U.pick}
          action={U.book}
          busy={change.isPending}
          onChoose={(slot) =>
            run({ action: 'book', slot }, () => U.bookedSaid(when(slot.startsAt)))
          }
        />
      )}
    </section>
  );
}
