import type { TListingsResponse, TListingView, TPublicListing } from '@lantern/contracts';
import { Alert, Badge, Button } from '@lantern/ui';
import { useCallback, useEffect, useState } from 'react';
import { requestJson } from '../../lib/http.ts';

interface Props {
  view: TListingView;
  /** The designed empty state, rendered by the page. */
  emptyTitle: string;
  emptyText: string;
}

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; data: TListingsResponse };

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const STATUS_LABEL: Record<TPublicListing['status'], string> = {
  active: 'For sale',
  pending: 'Under contract',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

function facts(l: TPublicListing): string {
  return [
    l.bedrooms != null && `${l.bedrooms} bd`,
    l.bathrooms != null && `${l.bathrooms} ba`,
    l.squareFeet != null && `${l.squareFeet.toLocaleString('en-US')} sq ft`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Published listings from GET /api/listings; never shows anything the API did not return. */
export default function ListingsList({ view, emptyTitle, emptyText }: Props) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setState({ kind: 'loading' });
      try {
        const res = await requestJson<TListingsResponse>(
          'GET',
          `/api/listings?view=${view}&page=${page}`,
          undefined,
          signal ? { signal } : {},
        );
        setState(res.ok ? { kind: 'ready', data: res.data } : { kind: 'error' });
      } catch {
        // Aborted: the component is gone or the page changed.
      }
    },
    [view, page],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (state.kind === 'loading') {
    return (
      <p className="listings__status" role="status">
        <span className="ln-spinner" aria-hidden="true" /> Loading listings…
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <Alert tone="danger" title="We couldn’t load the listings">
        <p>Please check your connection and try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void load()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { listings, total, pageSize } = state.data;
  if (!listings.length) {
    return (
      <div className="empty-state" role="status">
        <h2>{emptyTitle}</h2>
        <p>{emptyText}</p>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div>
      <p className="listings__count" role="status">
        {total} {total === 1 ? 'listing' : 'listings'}
      </p>
      {/* biome-ignore lint/a11y/noRedundantRoles: list-style none drops list semantics in Safari */}
      <ul className="card-grid" role="list">
        {listings.map((l) => (
          <li key={l.id}>
            {l.photoUrl ? (
              <img
                className="listings__photo"
                src={l.photoUrl}
                alt={`Outside of ${l.address}`}
                loading="lazy"
                width="400"
                height="260"
              />
            ) : null}
            <Badge tone={l.status === 'sold' ? 'success' : 'primary'}>
              {STATUS_LABEL[l.status]}
            </Badge>
            <h2 className="listings__address">{l.address}</h2>
            <p>
              {l.city}, {l.state} {l.zipCode}
            </p>
            {l.price != null ? <p className="listings__price">{money.format(l.price)}</p> : null}
            {facts(l) ? <p>{facts(l)}</p> : null}
            <p>
              {l.closedAt
                ? `Closed ${date.format(new Date(l.closedAt))}`
                : `Listed ${date.format(new Date(l.listedAt))}`}
            </p>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="listings__pages" aria-label="Listing pages">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
