import { OpenHousesPanel } from '../../../../../features/listing-tools/components/open-houses-panel.tsx';
import { useListingTools } from './listing-layout.tsx';

/** /dashboard/listing/open-houses: the listing's open houses and its flyer (issue 22). */
export function OpenHousesPage() {
  const { property } = useListingTools();
  return <OpenHousesPanel property={property} />;
}
