import { ListingPortalsPanel } from '../../../../../features/portal-feeds/components/listing-portals-panel.tsx';
import { useListingTools } from './listing-layout.tsx';

/** /dashboard/listing/portals: the portals the listing goes to (issue 49; decision 098). */
export function PortalsPage() {
  const { property, listing } = useListingTools();
  return <ListingPortalsPanel property={property} listing={listing} />;
}
