import { MLS_LISTING_PAGE_TEXTS as P } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Button } from '@lantern/ui';
import { useId, useState } from 'react';
import { useMlsBoardChoices } from '../api/mls-boards.ts';
import { usePlaceOrder } from '../api/place-order.ts';

/** What tells Flat Fee and Local MLS Listing apart, in plain words (decision 056). */
export function MlsListingDifference() {
  return (
    <section aria-labelledby="mls-which">
      <h2 id="mls-which">{P.whichTitle}</h2>
      <p>{P.flatFee}</p>
      <p>{P.local}</p>
      <p>{P.onlyOne}</p>
    </section>
  );
}

/**
 * "Add another MLS": shown once the property's listing is ordered on one board and another
 * board also covers its county. The second listing is a Local MLS Listing order on that board.
 */
export function AddAnotherMls({ property, canOrder }: { property: string; canOrder: boolean }) {
  const choices = useMlsBoardChoices(property);
  const place = usePlaceOrder();
  const selectId = useId();
  const [picked, setPicked] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const data = choices.data;
  if (!data || (!data.canAdd && !added))
    return added ? <Alert tone="success">{added}</Alert> : null;
  const listedOn = data.boards.filter((b) => b.listed).map((b) => b.name);
  const open = data.boards.filter((b) => !b.listed);
  const board = picked || open[0]?.slug || '';
  const error =
    place.error instanceof ApiError ? (place.error.field('board') ?? place.error.message) : null;
  const add = () =>
    place.mutate(
      { property, product: 'mls-listing-local', board },
      { onSuccess: (res) => setAdded(P.added(res.order.board ?? board)) },
    );
  return (
    <section aria-labelledby="mls-add">
      <h2 id="mls-add">{P.addTitle}</h2>
      {added ? <Alert tone="success">{added}</Alert> : null}
      {data.canAdd ? (
        <>
          <p>{P.addIntro(listedOn.join(' and '))}</p>
          <p>
            <label htmlFor={selectId}>{P.addLabel}</label>{' '}
            <select id={selectId} value={board} onChange={(e) => setPicked(e.target.value)}>
              {open.map((b) => (
                <option key={b.slug} value={b.slug}>
                  {b.name}
                </option>
              ))}
            </select>
          </p>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <Button onClick={add} loading={place.isPending} disabled={!canOrder || !board}>
            {P.addButton}
          </Button>
        </>
      ) : null}
    </section>
  );
}
