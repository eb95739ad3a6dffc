import type { TPropertyMenuEntry } from '@lantern/contracts';
import { dashboardHref } from '@lantern/domain';
import { useId, useState } from 'react';
import { RoleBadge } from '../role-badge.tsx';

export const SHOW_PROPERTIES_HINT = 'Click the eye icon to show your current properties';

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M1.5 12S5.5 4.5 12 4.5 22.5 12 22.5 12 18.5 19.5 12 19.5 1.5 12 1.5 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
      {open ? null : <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}

/**
 * 'Your Properties' (spec section 2): a tile per property, keyed by hash, with its street
 * address and a role badge, linking to that property's dashboard. The eye hides and shows the
 * list in this browser only.
 */
export function YourProperties({ properties }: { properties: TPropertyMenuEntry[] }) {
  const [shown, setShown] = useState(true);
  const headingId = useId();
  const listId = useId();
  return (
    <section className="ln-your-properties" aria-labelledby={headingId}>
      <div className="ln-your-properties__header">
        <h2 id={headingId} className="ln-your-properties__title">
          Your Properties
        </h2>
        <button
          type="button"
          className="ln-btn ln-btn--ghost ln-btn--sm ln-your-properties__eye"
          aria-pressed={shown}
          aria-controls={listId}
          aria-label={shown ? 'Hide your properties' : 'Show your properties'}
          title={shown ? 'Hide your properties' : 'Show your properties'}
          onClick={() => setShown((s) => !s)}
        >
          <EyeIcon open={shown} />
        </button>
      </div>
      {shown ? (
        <ul id={listId} className="ln-your-properties__list">
          {properties.map((p) => (
            <li key={p.hash}>
              <a className="ln-property-tile" href={dashboardHref('overview', p.hash)}>
                <span className="ln-property-tile__address">{p.streetAddress}</span>
                <RoleBadge propertyRole={p.role} />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p id={listId} className="ln-your-properties__hint">
          {SHOW_PROPERTIES_HINT}
        </p>
      )}
    </section>
  );
}
