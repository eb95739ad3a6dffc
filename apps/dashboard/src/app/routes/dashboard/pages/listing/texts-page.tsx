import { TextForInfoPanel } from '../../../../../features/text-for-info/components/text-for-info-panel.tsx';
import { useListingTools } from './listing-layout.tsx';

/** /dashboard/listing/texts: text for info (issue 22; docs/decisions/044-text-for-info.md). */
export function TextsPage() {
  const { property, listing } = useListingTools();
  return <TextForInfoPanel property={property} listing={listing} />;
}
