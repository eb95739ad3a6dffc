import { AnalyticsPanel } from '../../../../../features/listing-analytics/components/analytics-panel.tsx';
import { useListingTools } from './listing-layout.tsx';

/** /dashboard/listing/analytics: the listing's visits and leads (issue 22; decision 042). */
export function ListingAnalyticsPage() {
  const { property } = useListingTools();
  return <AnalyticsPanel property={property} />;
}
