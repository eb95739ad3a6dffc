import { VALUATION_TEXTS as T } from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { type ReactNode, useId } from 'react';
import { useValuationPage } from '../api/valuation.ts';
import { FactsForm } from './facts-form.tsx';
import { ReportsSection } from './reports-section.tsx';
import { UnofferedNotice } from './unoffered-notice.tsx';
import './valuation.css';

export interface ValuationPanelProps {
  property: string;
  /** The person may change the property and order for it (can_edit). */
  canEdit: boolean;
  tiles: { url: string | null; attribution: string };
  /**
   * The products to order, drawn by the page with the orders feature's order buttons. Given the
   * id of the sentence that says what must come first (no living area yet), or undefined when
   * ordering is open. Never called when valuations are not offered for the property.
   */
  renderOffers: (blockedBy: string | undefined) => ReactNode;
  /** Where the address is corrected (Update Property), for a property placed only roughly. */
  fixAddress?: ReactNode;
}

/**
 * The Valuation page's content (issue 38): why valuations are not offered, if so; the home's
 * facts; the products to order; every version of the reports, and the reports themselves.
 */
export function ValuationPanel({
  property,
  canEdit,
  tiles,
  renderOffers,
  fixAddress,
}: ValuationPanelProps) {
  const page = useValuationPage(property);
  const orderId = useId();
  const blockId = `${orderId}-blocked`;
  if (page.isPending) return <p role="status">Loading…</p>;
  if (page.isError) return <Alert tone="danger">{P.loadFailed}</Alert>;
  const { facts, factsUpdatedAt, unoffered, reports } = page.data;
  const blocked = facts.livingArea === null;
  return (
    <div className="vl-page">
      {unoffered ? <UnofferedNotice reason={unoffered} fix={fixAddress} /> : null}
      <div className={unoffered ? 'vl-top vl-top--single' : 'vl-top'}>
        <FactsForm
          key={property}
          property={property}
          facts={facts}
          updatedAt={factsUpdatedAt}
          canEdit={canEdit}
        />
        {unoffered ? null : (
          <section className="ln-card vl-order" aria-labelledby={`${orderId}-title`}>
            <h2 id={`${orderId}-title`} className="ln-card__title">
              {P.orderTitle}
            </h2>
            {blocked ? (
              <p id={blockId} className="vl-order__blocked">
                {T.needsLivingArea}
              </p>
            ) : null}
            {renderOffers(blocked ? blockId : undefined)}
          </section>
        )}
      </div>
      <ReportsSection property={property} reports={reports} tiles={tiles} />
    </div>
  );
}
