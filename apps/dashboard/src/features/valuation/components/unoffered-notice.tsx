import { VALUATION_TEXTS as T, type TValuationUnoffered } from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import type { ReactNode } from 'react';

const REASONS: Record<NonNullable<TValuationUnoffered>, string> = {
  placement: T.notOfferedPlacement,
  position: T.notOfferedPosition,
  coverage: T.notOfferedCoverage,
};

/** Why valuations cannot be ordered for this property, and (for a rough address) where to fix it. */
export function UnofferedNotice({
  reason,
  fix,
}: {
  reason: NonNullable<TValuationUnoffered>;
  /** A link to the page that corrects the address, shown for `position`. */
  fix?: ReactNode;
}) {
  return (
    <Alert tone="warning" title={P.notOfferedTitle} className="vl-notice">
      <p>{REASONS[reason]}</p>
      {reason === 'position' && fix ? <p>{fix}</p> : null}
    </Alert>
  );
}
