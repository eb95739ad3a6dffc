import {
  PHOTO_WEEKDAYS,
  type TPhotographerAvailability,
  type TPhotoWindow,
  PHOTO_APPOINTMENT_UI as U,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import { Alert, Button, Select, TextField } from '@lantern/ui';
import { useState } from 'react';
import { useSavePhotographyHours } from '../api/photography-hours.ts';

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A photographer's hours (decision 046): stretches of hours per weekday, the states they go
 * to and days off. The server checks them and answers each mistake on its field.
 */
export function PhotographyHoursForm({ current }: { current: TPhotographerAvailability }) {
  const save = useSavePhotographyHours();
  const [windows, setWindows] = useState<TPhotoWindow[]>(current.weeklyHours);
  const [states, setStates] = useState(current.states.join(', '));
  const [daysOff, setDaysOff] = useState(current.daysOff.join(', '));
  const [said, setSaid] = useState<string | null>(null);
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldOf = (path: string) => error?.field(path);
  const setWindow = (i: number, patch: Partial<TPhotoWindow>) =>
    setWindows((ws) => ws.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSaid(null);
        save.mutate(
          { states: list(states), weeklyHours: windows, daysOff: list(daysOff) },
          { onSuccess: () => setSaid(U.saved) },
        );
      }}
    >
      <p role="status">{said}</p>
      {save.error ? <Alert tone="danger">{save.error.message}</Alert> : null}
      <TextField
        label={U.states}
        hint={U.statesHint}
        value={states}
        maxLength={200}
        onChange={(e) => setStates(e.target.value)}
        error={fieldOf('states') ?? fieldOf('states.0')}
      />
      {windows.length ? null : <p>{U.noHours}</p>}
      <ul className="ds-hours">
        {windows.map((w, i) => (
          <li key={i} className="ds-hours__row">
            <Select
              label="Day"
              value={String(w.weekday)}
              onChange={(e) => setWindow(i, { weekday: Number(e.target.value) })}
              options={Object.entries(PHOTO_WEEKDAYS).map(([value, label]) => ({ value, label }))}
              error={fieldOf(`weeklyHours.${i}.weekday`)}
            />
            <TextField
              label="From"
              type="time"
              value={w.start}
              onChange={(e) => setWindow(i, { start: e.target.value })}
              error={fieldOf(`weeklyHours.${i}.start`)}
            />
            <TextField
              label="To"
              type="time"
              value={w.end}
              onChange={(e) => setWindow(i, { end: e.target.value })}
              error={fieldOf(`weeklyHours.${i}.end`)}
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setWindows((ws) => ws.filter((_, j) => j !== i))}
            >
              {U.removeHours}{' '}
              <span className="ln-visually-hidden">
                {PHOTO_WEEKDAYS[w.weekday as keyof typeof PHOTO_WEEKDAYS]} {w.start}–{w.end}
              </span>
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        onClick={() => setWindows((ws) => [...ws, { weekday: 1, start: '09:00', end: '12:00' }])}
      >
        {U.addHours}
      </Button>
      <TextField
        label={U.daysOff}
        hint={U.daysOffHint}
        value={daysOff}
        maxLength={1200}
        onChange={(e) => setDaysOff(e.target.value)}
        error={fieldOf('daysOff') ?? fieldOf('daysOff.0')}
      />
      <Button type="submit" variant="primary" loading={save.isPending}>
        {U.save}
      </Button>
    </form>
  );
}
