import { OPEN_HOUSE_TEXTS as T, type TOpenHouse } from '@lantern/contracts';
import { Alert, Badge, Button } from '@lantern/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCancelOpenHouse, useOpenHouses } from '../api/open-houses.ts';
import { OpenHouseForm } from './open-house-form.tsx';

/**
 * The Open houses tab (issue 22, "Open house kit"): the flyer, the open houses coming up (change,
 * cancel), the form to schedule one, and past or cancelled ones kept for the record.
 */
export function OpenHousesPanel({ property }: { property: string }) {
  const id = useId();
  const data = useOpenHouses(property);
  const cancel = useCancelOpenHouse(property);
  const [editing, setEditing] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<TOpenHouse | null>(null);
  const [done, setDone] = useState('');
  const upcomingHeading = useRef<HTMLHeadingElement>(null);
  const changeButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useFocusAfterRender();

  if (data.isPending) return <p role="status">Loading…</p>;
  if (data.isError) {
    return (
      <Alert tone="danger">We could not load your open houses. Reload the page to try again.</Alert>
    );
  }
  const { upcoming, past, canSchedule, flyerUrl, timeZoneName } = data.data;

  /** Back to the item's Change button once the form has closed. */
  const focusChange = (ohId: string) => {
    focusNext.current = () => changeButtons.current.get(ohId);
  };

  return (
    <section className="ds-open-houses" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{T.tab}</h2>
      <p>{T.intro}</p>
      <p className="ds-muted">{T.timesIn(timeZoneName)}</p>
      {flyerUrl ? (
        <p className="ds-open-house-flyer">
          <a className="ln-btn ln-btn--secondary" href={flyerUrl} download>
            {T.flyer}
          </a>
          <span className="ds-muted">{T.flyerHint}</span>
        </p>
      ) : (
        <Alert tone="info">{T.notPublished}</Alert>
      )}
      <p role="status" className="ds-open-house-status">
        {done}
      </p>

      <h3 id={`${id}-upcoming`} ref={upcomingHeading} tabIndex={-1}>
        {T.upcomingTitle}
      </h3>
      {upcoming.length ? (
        <ul className="ds-open-house-list" aria-labelledby={`${id}-upcoming`}>
          {upcoming.map((oh) => (
            <li key={oh.id}>
              {editing === oh.id ? (
                <OpenHouseForm
                  property={property}
                  editing={oh}
                  onDone={(saved) => {
                    setEditing(null);
                    setDone(T.saved(saved.label));
                    focusChange(saved.id);
                  }}
                  onKeep={() => {
                    setEditing(null);
                    focusChange(oh.id);
                  }}
                />
              ) : (
                <UpcomingItem
                  openHouse={oh}
                  changeRef={(el) => {
                    if (el) changeButtons.current.set(oh.id, el);
                    else changeButtons.current.delete(oh.id);
                  }}
                  onChange={() => {
                    setDone('');
                    setEditing(oh.id);
                  }}
                  onCancel={() => setCancelling(oh)}
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{T.noneUpcoming}</p>
      )}

      {canSchedule ? (
        <section aria-labelledby={`${id}-add`}>
          <h3 id={`${id}-add`}>{T.addTitle}</h3>
          <p className="ds-muted">{T.rules}</p>
          <OpenHouseForm property={property} onDone={(saved) => setDone(T.added(saved.label))} />
        </section>
      ) : flyerUrl ? (
        <Alert tone="info">{T.notOnSale}</Alert>
      ) : null}

      <PastList id={`${id}-past`} past={past} />

      <ConfirmDialog
        title={T.cancelTitle}
        description={cancelling ? T.cancelDescription(cancelling.label) : undefined}
        open={cancelling !== null}
        onClose={() => {
          setCancelling(null);
          cancel.reset();
        }}
        confirmLabel={T.cancelConfirm}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: ({ openHouse }) => {
              setCancelling(null);
              setEditing(null);
              setDone(T.cancelledDone(openHouse.label));
              // Its buttons are gone: the list's heading takes the focus.
              focusNext.current = () => upcomingHeading.current;
            },
          })
        }
        pending={cancel.isPending}
        error={cancel.error}
      />
    </section>
  );
}

/**
 * Where the focus goes once the list shows a change: set `current` to a finder, run after the
 * render that shows the change.
 */
function useFocusAfterRender() {
  const focusNext = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const target = focusNext.current?.();
    if (target) {
      target.focus();
      focusNext.current = null;
    }
  });
  return focusNext;
}

/** An open house coming up: when, its note, and its Change and Cancel buttons. */
function UpcomingItem({
  openHouse: oh,
  changeRef,
  onChange,
  onCancel,
}: {
  openHouse: TOpenHouse;
  changeRef: (el: HTMLButtonElement | null) => void;
  onChange: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <p className="ds-open-house-when">
        <strong>{oh.label}</strong>{' '}
        {oh.state === 'now' ? <Badge tone="success">{T.happeningNow}</Badge> : null}
      </p>
      {oh.note ? <p className="ds-muted">{oh.note}</p> : null}
      <p className="ds-actions">
        {oh.state === 'scheduled' ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${T.change}: ${oh.label}`}
            ref={changeRef}
            onClick={onChange}
          >
            {T.change}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${T.cancel}: ${oh.label}`}
          onClick={onCancel}
        >
          {T.cancel}
        </Button>
      </p>
    </>
  );
}

/** Past and cancelled open houses, kept for the record. */
function PastList({ id, past }: { id: string; past: readonly TOpenHouse[] }) {
  if (!past.length) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{T.pastTitle}</h3>
      <ul className="ds-open-house-list ds-open-house-list--past">
        {past.map((oh) => (
          <li key={oh.id}>
            <p className="ds-open-house-when">
              {oh.label} {oh.state === 'cancelled' ? <Badge>{T.cancelled}</Badge> : null}
            </p>
            {oh.note ? <p className="ds-muted">{oh.note}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
