import { PUBLIC_PROPERTY_TYPES, type TFsboListing } from '@lantern/contracts';
import {
  FSBO_FEATURE_LABELS,
  FSBO_LISTING_FIELD_LABELS as L,
  FSBO_LISTING_TEXTS as T,
} from '@lantern/domain';

const money = (n: number | undefined) =>
  n === undefined
    ? '—'
    : n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** What will be published, as a list of facts (beside the page's preview). */
export function ListingSummary({ listing }: { listing: TFsboListing }) {
  const { basics, contact, describe } = listing;
  const type = PUBLIC_PROPERTY_TYPES.find((t) => t.value === basics.propertyType)?.label ?? '—';
  const shown = [
    contact.showEmail && contact.email ? `${contact.email}` : null,
    contact.showPhone && contact.phone ? `${contact.phone}` : null,
  ].filter(Boolean);
  const facts: [string, string][] = [
    [L.price, money(basics.price)],
    [L.propertyType, type],
    ...(basics.propertyType === 'land'
      ? []
      : ([
          [L.bedrooms, String(basics.bedrooms ?? '—')],
          [L.bathrooms, String(basics.bathrooms ?? '—')],
          [L.livingArea, basics.livingArea?.toLocaleString('en-US') ?? '—'],
        ] as [string, string][])),
    ['Year built', String(basics.yearBuilt ?? '—')],
    [
      'How buyers reach you',
      shown.length ? `${contact.name ?? ''}: ${shown.join(', ')}` : T.throughUs,
    ],
    [L.features, (describe.features ?? []).map((f) => FSBO_FEATURE_LABELS[f]).join(', ') || '—'],
    ['Photos ready', String(listing.readyPhotos)],
  ];
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title">What will be published</h2>
      <dl className="ds-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{L.remarks}</h3>
      <p className="ds-prewrap">{describe.remarks || '—'}</p>
    </section>
  );
}
