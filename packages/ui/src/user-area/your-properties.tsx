import type { TPropertyMenuEntry } from '@lantern/contracts';
import { dashboardHref } from '@lantern/domain';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { RoleBadge } from '../role-badge.tsx';

export const SHOW_PROPERTIES_HINT = 'Click the eye icon to show your current properties';

function EyeIcon({ open }: { open: boolean }) {
  const Shape = open ? Eye : EyeOff;
  return <Shape size={20} aria-hidden="true" focusable="false" />;
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
