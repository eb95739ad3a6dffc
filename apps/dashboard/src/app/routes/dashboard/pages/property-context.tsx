import type { TPropertyMenuEntry } from '@lantern/contracts';
import { ROLE_LABELS } from '@lantern/domain';

/**
 * 'For 12 Oak Ave, where you are the Seller.' — what the page is about, from the menu data, with
 * any further word on the same line (a product page's availability; issue 47).
 */
export function PropertyContext({
  entry,
  also,
}: {
  entry: TPropertyMenuEntry | null;
  also?: string | null;
}) {
  if (!entry) return null;
  return (
    <p className="ds-property-context">
      For <strong>{entry.streetAddress}</strong>, where you are the {ROLE_LABELS[entry.role]}.
      {also ? <span> {also}</span> : null}
    </p>
  );
}
