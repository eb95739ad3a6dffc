import {
  ACTIVE_ORDER_STATUSES,
  VALUATION_TEXTS as T,
  VALUATION_PRODUCTS,
} from '@lantern/contracts';
import { dashboardHref, VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { useOrders } from '../../../../features/orders/api/get-orders.ts';
import { ProductOffer } from '../../../../features/orders/components/product-offer.tsx';
import { usePropertyDetails } from '../../../../features/properties/api/get-property.ts';
import { useCurrentProperty } from '../../../../features/properties/hooks/use-current-property.ts';
import { useProducts } from '../../../../features/services/api/get-products.ts';
import { useServices } from '../../../../features/services/api/get-services.ts';
import { useValuationPage } from '../../../../features/valuation/api/valuation.ts';
import { ValuationPanel } from '../../../../features/valuation/components/valuation-panel.tsx';
import { appConfig } from '../../../../lib/app-config.ts';
import { invoiceHref } from './invoices/invoice-hrefs.ts';
import { PropertyContext } from './property-context.tsx';

/**
 * /dashboard/valuation?property={hash} (issue 38): the home's facts, Free Comps, the Comps
 * Report and the Home Value Report ordered through the same order buttons as every product page
 * (a paid one through its invoice), and the reports they deliver.
 */
export function ValuationPage() {
  const { entry } = useCurrentProperty();
  const hash = entry?.hash ?? null;
  const details = usePropertyDetails(hash);
  return (
    <PageFrame title={T.pageTitle}>
      <p>{P.purpose}</p>
      <PropertyContext entry={entry} />
      {!entry ? (
        <p>{P.chooseProperty}</p>
      ) : details.isPending ? (
        <p role="status">Loading…</p>
      ) : details.isError ? (
        <Alert tone="danger">{P.loadFailed}</Alert>
      ) : !details.data.property.can_edit ? (
        // The valuation routes answer only participants who may order (can_edit).
        <p>{P.notEditor}</p>
      ) : (
        <ValuationPanel
          property={entry.hash}
          canEdit={details.data.property.can_edit}
          tiles={appConfig.mapTiles}
          renderOffers={(blockedBy) => (
            <Offers
              property={entry.hash}
              canOrder={details.data.property.can_edit}
              blockedBy={blockedBy}
            />
          )}
          fixAddress={<Link to={dashboardHref('update-property', entry.hash)}>{P.fixAddress}</Link>}
        />
      )}
    </PageFrame>
  );
}

/** The valuation products this property offers, each with its price and order button. */
function Offers({
  property,
  canOrder,
  blockedBy,
}: {
  property: string;
  canOrder: boolean;
  blockedBy: string | undefined;
}) {
  const products = useProducts();
  const services = useServices(property);
  const orders = useOrders(property);
  // A report made (or refunded) completes (or cancels) its order: show the order as it is now.
  const valuation = useValuationPage(property);
  const made = (valuation.data?.reports ?? []).map((r) => `${r.hash}:${r.status}`).join();
  const { refetch } = orders;
  useEffect(() => {
    if (made) void refetch();
  }, [made, refetch]);
  if (products.isPending || services.isPending || orders.isPending) {
    return <p role="status">Loading…</p>;
  }
  if (products.isError || services.isError || orders.isError) {
    return <Alert tone="danger">{P.loadFailed}</Alert>;
  }
  const offered = VALUATION_PRODUCTS.flatMap((slug) => {
    const product = products.data.products.find((p) => p.slug === slug);
    return product && services.data[slug] ? [product] : [];
  });
  // The active order, else the latest (a delivered report's order is completed, a refunded
  // one cancelled): its status is what the card says, never the one it had when placed.
  const activeOrder = (slug: string) =>
    orders.data.orders.find(
      (o) => o.product === slug && ACTIVE_ORDER_STATUSES.includes(o.status),
    ) ?? orders.data.orders.find((o) => o.product === slug);
  return (
    <ul className="ds-product-list">
      {offered.map((product) => (
        <ProductOffer
          key={product.slug}
          product={product}
          property={property}
          offered
          canOrder={canOrder}
          order={activeOrder(product.slug)}
          invoiceHref={(invoice) => invoiceHref(invoice, property)}
          headingLevel={3}
          blockedBy={blockedBy}
        />
      ))}
    </ul>
  );
}
