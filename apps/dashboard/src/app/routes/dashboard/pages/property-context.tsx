import type { TPropertyMenuEntry } from '@lantern/contracts';
import { ROLE_LABELS } from '@lantern/domain';

/** 'For 12 Oak Ave, where you are the Seller.' — what the page is about, from the menu data. */
export function PropertyContext({ entry }: { entry: TPropertyMenuEntry | null }) {
  if (!entry) return null;
  return (
    <p className="ds-property-context">
      For <strong>{entry.streetAddress}</strong>, where you are the {ROLE_LABELS[entry.role]}.
    </p>
  );
}
