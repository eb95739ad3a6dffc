import { dashboardHref } from '@lantern/domain';
import { RoleBadge } from '@lantern/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentProperty } from '../hooks/use-current-property.ts';
import { useVisibleFlag } from '../hooks/use-visible-flag.ts';

/** The synthetic first entry (spec 3) has an empty hash; the DOM needs a value of its own. */
const ALL = '__all__';

/**
 * Spec 2 "Dashboard header": 'Select a Property', disabled until the list has loaded; 'All
 * Properties' first, then the properties matching the visible flag, plus the current one. A native select, so the
 * keyboard and screen readers work as everywhere else.
 */
export function PropertySelect() {
  const id = useId();
  const navigate = useNavigate();
  const { hash, entry, loaded, properties } = useCurrentProperty();
  const showVisible = useVisibleFlag((s) => s.showVisible);
  // The current property stays listed and selected whatever its visible flag: hiding or showing
  // it from its own pages must not leave the header reading 'Select a Property' (issue 14).
  const shown = properties.filter((p) => p.visible === showVisible || p.hash === hash);
  const value = !loaded ? '' : !hash ? ALL : shown.some((p) => p.hash === hash) ? hash : '';

  return (
    <div className="ds-property-select">
      <label htmlFor={id} className="ln-visually-hidden">
        Property
      </label>
      <select
        id={id}
        className="ln-select"
        value={value}
        disabled={!loaded}
        onChange={(e) => {
          const next = e.target.value;
          navigate(dashboardHref('overview', next === ALL ? null : next));
        }}
      >
        <option value="" disabled hidden>
          Select a Property
        </option>
        <option value={ALL}>All Properties</option>
        {shown.map((p) => (
          <option key={p.hash} value={p.hash}>
            {p.streetAddress}
          </option>
        ))}
      </select>
      {entry ? <RoleBadge propertyRole={entry.role} className="ds-property-role" /> : null}
    </div>
  );
}
