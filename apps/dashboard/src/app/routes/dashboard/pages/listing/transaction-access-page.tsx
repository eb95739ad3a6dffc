import { TransactionAccessList } from '../../../../../features/transaction-access/components/transaction-access-list.tsx';
import { useListingTools } from './listing-layout.tsx';

/** /dashboard/listing/access: requests for transaction access (issue 24). */
export function ListingTransactionAccessPage() {
  const { property, listing } = useListingTools();
  return <TransactionAccessList property={property} timeZone={listing.timeZone} />;
}
