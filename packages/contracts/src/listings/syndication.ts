import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';

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

/**
 * What the form shows ticked before the owners choose: the listing travels, with its address,
 * beside value estimates and open to comments, as a listing on the MLS usually does; the sale
 * price stays with us until they say otherwise, because several states keep sale prices private
 * and it is the one fact that outlives the sale. Stored only when the owners save it.
 */
export const LISTING_SYNDICATION_DEFAULTS: TListingSyndication = {
  InternetEntireListingDisplayYN: true,
  InternetAddressDisplayYN: true,
  InternetAutomatedValuationDisplayYN: true,
  InternetConsumerCommentYN: true,
  ClosePriceDisplayYN: false,
};

/** PUT …/syndication (MLS and FSBO): the owners' choices for the property's listing. */
export const ZListingSyndicationRequestSchema = z.object({
  property: ZPropertyHashSchema,
  syndication: ZListingSyndicationSchema,
});
export type TListingSyndicationRequest = z.infer<typeof ZListingSyndicationRequestSchema>;

/** The dashboard's form: the request without the property, so errors land on its fields. */
export const ZListingSyndicationFormSchema = ZListingSyndicationRequestSchema.pick({
  syndication: true,
});

/** The MLS listing's choices as its pages read them. */
export const ZListingSyndicationResponseSchema = z.object({
  /** Null until the owners choose: nothing travels. */
  syndication: ZListingSyndicationSchema.nullable(),
  /** Whether this user may change them now. */
  canChange: z.boolean(),
  /** Why not, in words, when they may not. */
  whyNot: z.string().nullable(),
});
export type TListingSyndicationResponse = z.infer<typeof ZListingSyndicationResponseSchema>;

/** The words around the choices, on the API and the pages. */
export const LISTING_SYNDICATION_TEXTS = {
  legend: 'Where your listing may appear',
  intro:
    'Besides our own site, we send listings to partner home-search sites and portals. Choose what goes with yours. You can change it later, and a change reaches them at their next update.',
  save: 'Save these choices',
  saved: 'Your choices are saved.',
  chooseFirst:
    'Choose where your listing may appear and save your choices: the agreement is made with them.',
  chooseBeforePublish: 'Choose where your listing may appear before publishing.',
  signedFixed:
    'These choices are part of the agreement you signed. Once the listing is live you can change them on its Manage page.',
  ownersOnly: 'Only an owner named on the listing who can edit it may change these choices.',
  editorsOnly: 'Only someone who can edit this listing may change these choices.',
} as const;
