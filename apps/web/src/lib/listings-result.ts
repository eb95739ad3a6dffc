import type { SiteData, TListingsPageResult, TListingView } from '@lantern/contracts';
import { formValues, type ListingsFormValues, siteQuery } from './listings-view.ts';

/**
 * What a list page renders for this visit: the visitor's values for the form and the results
 * (or why the query was refused, which the page answers with 422).
 */
export async function listingsResult(
  site: SiteData,
  view: TListingView,
  url: URL,
): Promise<{ form: ListingsFormValues; result: TListingsPageResult }> {
  const query = siteQuery(url.searchParams);
  return { form: formValues(query), result: await site.listingsPage(view, query) };
}
