import { ShowingList } from '../../../../../features/showings/components/showing-list.tsx';
import { useListingTools } from './listing-layout.tsx';

/** /dashboard/listing/showings: the listing's showing requests (issue 22). */
export function ListingShowingsPage() {
  const { property } = useListingTools();
  return <ShowingList property={property} />;
}
