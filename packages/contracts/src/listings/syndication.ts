import { z } from 'zod';

/**
 * What a seller agreed may travel beyond our site (issue 49; docs/decisions/096): to partners
 * reading the RESO Web API and to the portals' feeds. Chosen on the MLS listing agreement and at
 * the FSBO publish step; a listing with no choice stored goes nowhere. The first four keys are
 * the RESO Data Dictionary's own fields and are published as they are, so a partner honours
 * them; `ClosePriceDisplayYN` is ours (the Dictionary has no consent for the sale price).
 */
export const ZListingSyndicationSchema = z.object({
  InternetEntireListingDisplayYN: z.boolean(),
  InternetAddressDisplayYN: z.boolean(),
  InternetAutomatedValuationDisplayYN: z.boolean(),
  InternetConsumerCommentYN: z.boolean(),
  ClosePriceDisplayYN: z.boolean(),
});
export type TListingSyndication = z.infer<typeof ZListingSyndicationSchema>;
export type TListingSyndicationKey = keyof TListingSyndication;

/** How each choice reads to the seller, in the order the form asks them. */
export const LISTING_SYNDICATION_CHOICES: readonly {
  key: TListingSyndicationKey;
  label: string;
  hint: string;
}[] = [
  {
    key: 'InternetEntireListingDisplayYN',
    label: 'Share my listing with other home-search sites',
    hint: 'Partner sites and portals may show the listing, its photos and description. Turn this off and it stays on our site only.',
  },
  {
    key: 'InternetAddressDisplayYN',
    label: 'Show the street address',
    hint: 'Off: other sites show only the city and ZIP code, and no map position.',
  },
  {
    key: 'InternetAutomatedValuationDisplayYN',
    label: 'Allow automated value estimates beside the listing',
    hint: 'Off: sites that honour it show no estimate of the home’s value next to it.',
  },
  {
    key: 'InternetConsumerCommentYN',
    label: 'Allow visitors’ comments and reviews on the listing',
    hint: 'Off: sites that honour it take no comments on the listing.',
  },
  {
    key: 'ClosePriceDisplayYN',
    label: 'Share the sale price once the home sells',
    hint: 'Off: other sites learn that it sold, never for how much.',
  },
];

/** Nothing shared: what a listing reads as until its seller chooses. */
export const NO_SYNDICATION: TListingSyndication = {
  InternetEntireListingDisplayYN: false,
  InternetAddressDisplayYN: false,
  InternetAutomatedValuationDisplayYN: false,
  InternetConsumerCommentYN: false,
  ClosePriceDisplayYN: false,
};

/** A stored choice read back; anything unreadable counts as nothing shared. */
export function storedSyndication(value: unknown): TListingSyndication | null {
  if (value === null || value === undefined) return null;
  const parsed = ZListingSyndicationSchema.safeParse(value);
  return parsed.success ? parsed.data : NO_SYNDICATION;
}
