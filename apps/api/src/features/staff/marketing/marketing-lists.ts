import {
  streetAddressUnit,
  type TMarketingList,
  type TMarketingOrderRow,
  type TMarketingOwnerRow,
  type TMarketingPropertyRow,
} from '@lantern/contracts';
import type { CsvColumn } from '../../../lib/csv-stream.ts';
import type { MarketingFilters, MarketingListRepository } from '../marketing-lists.repository.ts';

type Rows = {
  owners: TMarketingOwnerRow;
  properties: TMarketingPropertyRow;
  orders: TMarketingOrderRow;
};

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
const optInColumns = <R>(of: (r: R) => { newsletter: boolean; promotions: boolean }) => [
  { header: 'Newsletter', value: (r: R) => yesNo(of(r).newsletter) },
  { header: 'News and offers', value: (r: R) => yesNo(of(r).promotions) },
];

/** Each list's CSV columns: the contact first, then what the campaign filters on. */
export const MARKETING_CSV: { [L in TMarketingList]: ReadonlyArray<CsvColumn<Rows[L]>> } = {
  owners: [
    { header: 'Email', value: (r) => r.email },
    { header: 'Name', value: (r) => r.name },
    { header: 'Properties', value: (r) => r.properties },
    { header: 'Orders', value: (r) => r.orders },
    ...optInColumns<TMarketingOwnerRow>((r) => r.optIns),
    { header: 'Joined', value: (r) => r.createdAt },
  ],
  properties: [
    { header: 'Owner email', value: (r) => r.owner.email },
    { header: 'Owner name', value: (r) => r.owner.name },
    { header: 'Address', value: (r) => r.address },
    { header: 'City', value: (r) => r.city },
    { header: 'County', value: (r) => r.county },
    { header: 'State', value: (r) => r.state },
    { header: 'ZIP', value: (r) => r.zipCode },
    { header: 'Orders', value: (r) => r.orders },
    ...optInColumns<TMarketingPropertyRow>((r) => r.owner.optIns),
    { header: 'Added', value: (r) => r.createdAt },
  ],
  orders: [
    { header: 'Customer email', value: (r) => r.customer.email },
    { header: 'Customer name', value: (r) => r.customer.name },
    { header: 'Product', value: (r) => r.product.name },
    { header: 'Status', value: (r) => r.status },
    {
      header: 'Price',
      value: (r) => (r.priceCents === null ? null : (r.priceCents / 100).toFixed(2)),
    },
    { header: 'Address', value: (r) => r.address },
    { header: 'City', value: (r) => r.city },
    { header: 'County', value: (r) => r.county },
    { header: 'State', value: (r) => r.state },
    ...optInColumns<TMarketingOrderRow>((r) => r.customer.optIns),
    { header: 'Ordered', value: (r) => r.createdAt },
  ],
};

/**
 * Marketing lists (issue 23) as the admin pages and exports show them. An export is the same
 * list narrowed to people who opted in, whatever the opt-in filter says (decision 033).
 */
export function createMarketingLists(repo: MarketingListRepository) {
  const lists = {
    async owners(f: MarketingFilters) {
      const page = await repo.owners(f);
      return {
        nextCursor: page.nextCursor,
        rows: page.rows.map(
          (r): TMarketingOwnerRow => ({
            hash: r.hash,
            email: r.email,
            name: r.name,
            properties: r.properties,
            orders: r.orders,
            optIns: { newsletter: r.newsletter, promotions: r.promotions },
            createdAt: r.createdAt.toISOString(),
          }),
        ),
      };
    },
    async properties(f: MarketingFilters) {
      const page = await repo.properties(f);
      return {
        nextCursor: page.nextCursor,
        rows: page.rows.map(
          (r): TMarketingPropertyRow => ({
            hash: r.hash,
            address: streetAddressUnit(r.street, r.unit),
            city: r.city,
            county: r.county,
            state: r.state,
            zipCode: r.zip,
            owner: {
              email: r.ownerEmail,
              name: r.ownerName,
              optIns: { newsletter: r.newsletter, promotions: r.promotions },
            },
            orders: r.orders,
            createdAt: r.createdAt.toISOString(),
          }),
        ),
      };
    },
    async orders(f: MarketingFilters) {
      const page = await repo.orders(f);
      return {
        nextCursor: page.nextCursor,
        rows: page.rows.map(
          (r): TMarketingOrderRow => ({
            hash: r.hash,
            product: { slug: r.productSlug, name: r.productName },
            status: r.status,
            priceCents: r.priceCents,
            address: streetAddressUnit(r.street, r.unit),
            city: r.city,
            county: r.county,
            state: r.state,
            customer: {
              email: r.customerEmail,
              name: r.customerName,
              optIns: { newsletter: r.newsletter, promotions: r.promotions },
            },
            createdAt: r.createdAt.toISOString(),
          }),
        ),
      };
    },
  };
  return lists;
}
export type MarketingLists = ReturnType<typeof createMarketingLists>;
