import {
  PHOTO_WEEKDAYS,
  type TPhotographerAvailability,
  type TPhotographerHours,
  PHOTO_APPOINTMENT_UI as U,
  ZPhotographerHoursSchema,
  ZPhotoWindowSchema,
} from '@lantern/contracts';
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
import { useState } from 'react';
import { type FieldErrors, type Path, useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { useSavePhotographyHours } from '../api/photography-hours.ts';

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The states and days off as typed (comma lists), the hours as the request has them. */
const ZHoursFormSchema = z
  .object({ states: z.string(), weeklyHours: z.array(ZPhotoWindowSchema), daysOff: z.string() })
  .transform(
    (f): TPhotographerHours => ({ ...f, states: list(f.states), daysOff: list(f.daysOff) }),
  )
  .pipe(ZPhotographerHoursSchema);
type HoursForm = z.input<typeof ZHoursFormSchema>;

const WEEKDAY_OPTIONS = Object.entries(PHOTO_WEEKDAYS).map(([value, label]) => ({ value, label }));

/** Every field a refusal may name: the lists (or their first item) and each window's boxes. */
const fieldsOf = (count: number) =>
  [
    'states',
    'states.0',
    'daysOff',
    'daysOff.0',
    ...Array.from({ length: count }, (_, i) =>
      ['weekday', 'start', 'end'].map((k) => `weeklyHours.${i}.${k}`),
    ).flat(),
  ] as Path<HoursForm>[];

/** A comma list's message: about the list, or about its first item. */
const listError = (errors: FieldErrors<HoursForm>, name: 'states' | 'daysOff') =>
  fieldError(errors, name) ?? fieldError(errors as FieldErrors, `${name}.0`);

/**
 * A photographer's hours (decision 046): stretches of hours per weekday, the states they go
 * to and days off. The server checks them and answers each mistake on its field.
 */
export function PhotographyHoursForm({ current }: { current: TPhotographerAvailability }) {
  const save = useSavePhotographyHours();
  const [said, setSaid] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZHoursFormSchema, {
    defaultValues: {
      states: current.states.join(', '),
      weeklyHours: current.weeklyHours,
      daysOff: current.daysOff.join(', '),
    },
  });
  const windows = useFieldArray({ control, name: 'weeklyHours' });
  const values = watch('weeklyHours');
  const submit = handleSubmit(async (request) => {
    setSaid(null);
    try {
      await save.mutateAsync(request);
      setSaid(U.saved);
    } catch (error) {
      setApiErrors(error, setError, fieldsOf(windows.fields.length));
    }
  });
  const formMessage = formError(errors);
  return (
    <form noValidate onSubmit={submit}>
      <p role="status">{said}</p>
      {formMessage ? <Alert tone="danger">{formMessage}</Alert> : null}
      <TextField
        label={U.states}
        hint={U.statesHint}
        maxLength={200}
        {...register('states')}
        error={listError(errors, 'states')}
      />
      {windows.fields.length ? null : <p>{U.noHours}</p>}
      <ul className="ds-hours">
        {windows.fields.map((field, i) => {
          const w = values[i] ?? field;
          return (
            <li key={field.id} className="ds-hours__row">
              <Select
                label="Day"
                {...register(`weeklyHours.${i}.weekday`, { setValueAs: Number })}
                options={WEEKDAY_OPTIONS}
                error={fieldError(errors, `weeklyHours.${i}.weekday`)}
              />
              <TextField
                label="From"
                type="time"
                {...register(`weeklyHours.${i}.start`)}
                error={fieldError(errors, `weeklyHours.${i}.start`)}
              />
              <TextField
                label="To"
                type="time"
                {...register(`weeklyHours.${i}.end`)}
                error={fieldError(errors, `weeklyHours.${i}.end`)}
              />
              <Button variant="secondary" size="sm" onClick={() => windows.remove(i)}>
                {U.removeHours}{' '}
                <span className="ln-visually-hidden">
                  {PHOTO_WEEKDAYS[w.weekday as keyof typeof PHOTO_WEEKDAYS]} {w.start}–{w.end}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        variant="secondary"
        onClick={() => windows.append({ weekday: 1, start: '09:00', end: '12:00' })}
      >
        {U.addHours}
      </Button>
      <TextField
        label={U.daysOff}
        hint={U.daysOffHint}
        maxLength={1200}
        {...register('daysOff')}
        error={listError(errors, 'daysOff')}
      />
      <Button type="submit" variant="primary" loading={isSubmitting}>
        {U.save}
      </Button>
    </form>
  );
}
