import { formatPrice, productMenuItems, type TProductMenuKey } from '@lantern/contracts';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { useCurrentProperty } from '../../../../features/properties/hooks/use-current-property.ts';
import { useProducts } from '../../../../features/services/api/get-products.ts';
import { useServices } from '../../../../features/services/api/get-services.ts';
import { PRODUCT_PAGES } from './product-pages.ts';
import { PropertyContext } from './property-context.tsx';

/**
 * The frame of a product page: what it is for, and for the current property each product's name,
 * price from the catalogue and whether this property offers it. Ordering is issue 6.
 */
export function ProductPage({ page }: { page: TProductMenuKey }) {
  const { title, purpose, slugs } = PRODUCT_PAGES[page];
  const { entry } = useCurrentProperty();
  const products = useProducts();
  const services = useServices(entry?.hash ?? null);
  const usable =
    entry && services.data
      ? productMenuItems(entry.role, services.data).some((item) => item.key === page)
      : false;

  const listed = (products.data?.products ?? []).filter((p) => slugs.includes(p.slug));
  return (
    <PageFrame title={title}>
      <p>{purpose}</p>
      <PropertyContext entry={entry} />
      {!entry ? <p>Choose a property in the menu above to see which of these it can get.</p> : null}
      {products.isPending || (entry && services.isPending) ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          {entry && services.isSuccess ? (
            <p>
              {usable
                ? `${title} is available for this property.`
                : `${title} is not offered for this property.`}
            </p>
          ) : null}
          <ul className="ds-product-list">
            {listed.map((product) => (
              <li key={product.slug} className="ds-product">
                <span className="ds-product__name">{product.name}</span>
                <span className="ds-product__price">
                  {formatPrice(product.priceCents) ?? 'Priced per property'}
                </span>
                {entry && services.data ? (
                  <span className="ds-product__availability">
                    {services.data[product.slug] ? 'Available' : 'Not offered here'}
                  </span>
                ) : null}
                <span className="ds-product__description">{product.description}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </PageFrame>
  );
}
