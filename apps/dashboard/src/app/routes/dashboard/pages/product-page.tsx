import { ACTIVE_ORDER_STATUSES, priceText, productMenuItems } from '@lantern/contracts';
import { dashboardHref, type TPropertyRole, type TServices } from '@lantern/domain';
import { Alert, Skeleton } from '@lantern/ui';
import { Link } from 'react-router';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { BuildListingLink } from '../../../../features/mls-listing/components/build-listing-link.tsx';
import { useOrders } from '../../../../features/orders/api/get-orders.ts';
import { AgentWork } from '../../../../features/orders/components/agent-work.tsx';
import { LockboxRentalStatus } from '../../../../features/orders/components/lockbox-rental-status.tsx';
import {
  AddAnotherMls,
  MlsListingDifference,
} from '../../../../features/orders/components/mls-boards.tsx';
import { PhotoAppointment } from '../../../../features/orders/components/photo-appointment.tsx';
import { ProductOffer } from '../../../../features/orders/components/product-offer.tsx';
import { WorkOrderList } from '../../../../features/orders/components/work-order-list.tsx';
import { PhotoGallery } from '../../../../features/photography/components/photo-gallery.tsx';
import { usePropertyDetails } from '../../../../features/properties/api/get-property.ts';
import { useCurrentProperty } from '../../../../features/properties/hooks/use-current-property.ts';
import { useProducts } from '../../../../features/services/api/get-products.ts';
import { useServices } from '../../../../features/services/api/get-services.ts';
import { invoiceHref } from './invoices/invoice-hrefs.ts';
import { PRODUCT_PAGES, type TProductPageKey } from './product-pages.ts';
import { PropertyContext } from './property-context.tsx';

/**
 * A product page: what the service is for, and for the current property each product's price
 * from the catalogue with the action that orders it (an order and its invoice, issue 6).
 */
export function ProductPage({ page }: { page: TProductPageKey }) {
  const { title, purpose, slugs, seeAlso } = PRODUCT_PAGES[page];
  const { entry, hash: requested } = useCurrentProperty();
  const hash = entry?.hash ?? null;
  const products = useProducts();
  const services = useServices(hash);
  const orders = useOrders(hash);
  const details = usePropertyDetails(hash);
  const listed = (products.data?.products ?? []).filter((p) => slugs.includes(p.slug));
  const loading =
    products.isPending || (hash && (services.isPending || orders.isPending || details.isPending));
  const activeOrder = (slug: string) =>
    orders.data?.orders.find((o) => o.product === slug && ACTIVE_ORDER_STATUSES.includes(o.status));

  return (
    <PageFrame title={title}>
      {/* What it is for, then one line of context: the page leads with what can be done. */}
      <p className="ds-lead">{purpose}</p>
      <PropertyContext
        entry={entry}
        also={
          entry && services.isSuccess ? availability(page, title, entry.role, services.data) : null
        }
      />
      {!entry ? <p>Choose a property in the menu above to order for it.</p> : null}
      {loading ? (
        <Skeleton label="Loading…" heading={false} lines={4} />
      ) : products.isError || orders.isError || details.isError ? (
        <Alert tone="danger">We could not load this page. Reload it to try again.</Alert>
      ) : (
        <>
          {entry && page === 'mls-listing' && listed.some((p) => activeOrder(p.slug)) ? (
            <BuildListingLink property={entry.hash} />
          ) : null}
          {entry && page === 'lockbox-rental' ? (
            <LockboxRentalStatus property={entry.hash} />
          ) : null}
          {entry && page === 'photography' ? <PhotoGallery property={entry.hash} /> : null}
          {entry && page === 'photography' ? <PhotoAppointment property={entry.hash} /> : null}
          {entry && (page === 'seller-agent' || page === 'buyer-agent') ? (
            <AgentWork property={entry.hash} />
          ) : null}
          {entry && (page === 'signage' || page === 'lockbox-rental' || page === 'photography') ? (
            <WorkOrderList property={entry.hash} page={page} />
          ) : null}
          {page === 'mls-listing' ? <MlsListingDifference /> : null}
          <ul className="ds-product-list">
            {listed.map((product) =>
              entry ? (
                <ProductOffer
                  key={product.slug}
                  product={product}
                  property={entry.hash}
                  offered={!!services.data?.[product.slug]}
                  canOrder={details.data?.property.can_edit ?? false}
                  order={activeOrder(product.slug)}
                  invoiceHref={(invoice) => invoiceHref(invoice, entry.hash)}
                />
              ) : (
                <li key={product.slug} className="ds-product">
                  <h2 className="ds-product__name">{product.name}</h2>
                  <span className="ds-product__price">{priceText(product)}</span>
                  <p className="ds-product__description">{product.description}</p>
                </li>
              ),
            )}
          </ul>
          {entry && page === 'mls-listing' ? (
            <AddAnotherMls
              property={entry.hash}
              canOrder={details.data?.property.can_edit ?? false}
            />
          ) : null}
        </>
      )}
      {seeAlso ? (
        <p>
          {/* The URL's property, even before the menu has loaded (the layout checks it anyway). */}
          <Link to={dashboardHref(seeAlso.page, hash ?? requested)}>{seeAlso.text}</Link>
        </p>
      ) : null}
    </PageFrame>
  );
}

/** Whether the current property has the page's service (spec 6, as the sidebar decides). */
function availability(
  page: TProductPageKey,
  title: string,
  role: TPropertyRole,
  services: TServices,
): string {
  const { slugs } = PRODUCT_PAGES[page];
  const offered =
    page === 'concierge'
      ? slugs.some((slug) => services[slug])
      : productMenuItems(role, services).some((item) => item.key === page);
  return offered
    ? `${title} is available for this property.`
    : `${title} is not offered for this property.`;
}
