import {
  OPEN_HOUSE_LIMITS,
  OPEN_HOUSE_TEXTS as T,
  type TOpenHouse,
  ZOpenHouseRequestSchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useEffect, useRef } from 'react';
import { useChangeOpenHouse, useScheduleOpenHouse } from '../api/open-houses.ts';

const FIELDS = ['date', 'startTime', 'endTime', 'note'] as const;

/**
 * Schedule an open house, or change one (`editing`): a day and two times on the home's clocks and
 * an optional note. The server's words go under the field to correct, focused; what was typed
 * stays. `onDone` gets the open house as saved.
 */
export function OpenHouseForm({
  property,
  editing,
  onDone,
  onKeep,
}: {
  property: string;
  editing?: TOpenHouse;
  onDone: (saved: TOpenHouse) => void;
  /** Changing: leave without saving. */
  onKeep?: () => void;
}) {
  const schedule = useScheduleOpenHouse(property);
  const change = useChangeOpenHouse(property);
  const form = useSchemaForm(ZOpenHouseRequestSchema, {
    defaultValues: {
      property,
      date: editing?.date ?? '',
      startTime: editing?.startTime ?? '',
      endTime: editing?.endTime ?? '',
      note: editing?.note ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const first = useRef<HTMLInputElement | null>(null);
  const dateField = form.register('date');

  // Changing one opens the form in its place: the day takes the focus.
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);

  const submit = form.handleSubmit(async (body) => {
    try {
      const { openHouse } = editing
        ? await change.mutateAsync({ id: editing.id, body })
        : await schedule.mutateAsync(body);
      if (!editing) form.reset({ property, date: '', startTime: '', endTime: '', note: '' });
      onDone(openHouse);
    } catch (error) {
      setApiErrors(error, form.setError, [...FIELDS], { aboveForm: ['property'] });
    }
  });
  const problem = formError(errors);
  const title = editing ? T.editTitle : T.addTitle;
  return (
    <form className="ds-form ds-open-house-form" onSubmit={submit} noValidate aria-label={title}>
      <div className="ds-open-house-times">
        <TextField
          label={T.fields.date}
          type="date"
          required
          error={fieldError(errors, 'date')}
          {...dateField}
          ref={(el) => {
            dateField.ref(el);
            first.current = el;
          }}
        />
        <TextField
          label={T.fields.startTime}
          type="time"
          required
          error={fieldError(errors, 'startTime')}
          {...form.register('startTime')}
        />
        <TextField
          label={T.fields.endTime}
          type="time"
          required
          error={fieldError(errors, 'endTime')}
          {...form.register('endTime')}
        />
      </div>
      <TextField
        label={T.fields.note}
        hint={T.noteHint}
        maxLength={OPEN_HOUSE_LIMITS.noteMax}
        error={fieldError(errors, 'note')}
        {...form.register('note')}
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <p className="ds-actions">
        <Button type="submit" loading={isSubmitting}>
          {editing ? T.save : T.add}
        </Button>
        {onKeep ? (
          <Button type="button" variant="secondary" onClick={onKeep}>
            {T.keep}
          </Button>
        ) : null}
      </p>
    </form>
  );
}
