import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';

/**
 * Text for info (issue 22, "call forwarding by text"; docs/decisions/044-text-for-info.md): each
 * public listing has a 5-digit code; a buyer who texts it to our number gets the listing's summary
 * and link back, and the sellers who turned lead texts on get the buyer's number by text.
 */
export const LISTING_TEXT_CODE_LENGTH = 5;
/** Codes are drawn from 10000–99999: no leading zero for a spreadsheet or a sign maker to drop. */
export const LISTING_TEXT_CODE_MIN = 10_000;
export const LISTING_TEXT_CODE_MAX = 99_999;

/**
 * The listing code a text is, or null for any other text: the whole text, spaces anywhere
 * ("123 45"), a leading # and a final full stop or exclamation mark ignored.
 */
export function listingTextCodeOf(body: string): string | null {
  const compact = body
    .replace(/\s+/g, '')
    .replace(/^#/, '')
    .replace(/[.!]+$/, '');
  return /^\d{5}$/.test(compact) ? compact : null;
}

export const TEXT_FOR_INFO_API = {
  /** GET ?property=: the code, our number, the lead-text setting and the leads. */
  texts: '/api/dashboard/listing/texts',
  /** PUT {property, on}: turn lead texts to the signed-in owner's verified phone on or off. */
  leadTexts: '/api/dashboard/listing/texts/lead-texts',
} as const;

/** The end of every text a buyer gets from a listing code (the issue's exact words). */
export const REPLY_STOP = 'Reply STOP to opt out';

export interface ListingTextSummary {
  siteName: string;
  /** Whole dollars, or null. */
  price: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  /** Street, city, state and ZIP. */
  address: string;
  /** 'For sale', 'Under contract', 'Sold', … */
  status: string;
  /** The listing page's absolute URL. */
  url: string;
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Our texts for text for info, in our own words. */
export const TEXT_FOR_INFO_MESSAGES = {
  /** The answer to a listing's code: status, price, beds and baths, address, link. */
  summary(s: ListingTextSummary): string {
    const facts = [
      s.price != null ? money.format(s.price) : null,
      s.bedrooms != null ? `${s.bedrooms} bd` : null,
      s.bathrooms != null ? `${s.bathrooms} ba` : null,
    ].filter(Boolean);
    return `${s.siteName}: ${s.status}${facts.length ? `, ${facts.join(', ')}` : ''} – ${s.address}. Photos and details: ${s.url} The seller gets your number to reply. ${REPLY_STOP}`;
  },
  /** A 5-digit code no public listing has. */
  unknownCode: (siteName: string, code: string) =>
    `${siteName}: no home on our site has the code ${code}. Check the 5-digit code on the sign or listing page and text it again. ${REPLY_STOP}`,
  /** The listing behind the code is off the public site. */
  notListed: (siteName: string, code: string) =>
    `${siteName}: the home with the code ${code} is no longer listed on our site. ${REPLY_STOP}`,
  /** To a seller who turned lead texts on. */
  sellerLead: (siteName: string, address: string, number: string) =>
    `${siteName}: someone asked about ${address} by text: ${number}. ${REPLY_STOP}`,
  /** To a seller who just turned lead texts on. */
  sellerOptedIn: (siteName: string, address: string) =>
    `${siteName}: we will text you when someone texts for info about ${address}. ${REPLY_STOP}`,
} as const;

/** What the public listing page says, when the site has a texting number. */
export const TEXT_FOR_INFO_PAGE = {
  heading: 'Text for info',
  line: (code: string, number: string) => `Text ${code} to ${number} for details.`,
  /** The same line in pieces, for a page that marks the code and links the number. */
  pieces: { text: 'Text', to: 'to', forDetails: 'for details.' },
  smallPrint:
    'We text you the details and pass your number to the seller. Msg & data rates may apply. Reply STOP to opt out.',
} as const;

/** The dashboard tab's words. */
export const TEXT_FOR_INFO_TEXTS = {
  tab: 'Text for info',
  heading: 'Text for info',
  unavailable: 'Text for info is not available on this site yet: it has no texting number.',
  notPublished:
    'Buyers get an answer only while your listing is on the public site. Earlier leads stay listed below.',
  codeLabel: "Your listing's code",
  howItWorks: (code: string, number: string) => [
    `A buyer texts ${code} to ${number}, from your listing page or a sign.`,
    "We text them back your listing's price, beds and baths, address and a link to its page.",
    'Their number shows below, and you can get it by text as well.',
    'No texts go out between 9 pm and 8 am in the recipient’s time zone: they wait until 8 am.',
  ],
  leadTextsHeading: 'Get leads by text',
  leadTextsOn: (phone: string) =>
    `On: we text ${phone} when a buyer texts your code for the first time.`,
  leadTextsOff: 'Off: leads show here only.',
  turnOn: (phone: string) => `Text leads to ${phone}`,
  turnOff: 'Stop lead texts',
  consent: (phone: string) =>
    `By turning this on you agree that we text ${phone} each time a new buyer texts your code. You can turn it off here at any time.`,
  noVerifiedPhone: 'To get leads by text, first verify your mobile number in Account Settings.',
  accountSettings: 'Account Settings',
  phoneStopped:
    'Your phone texted STOP to us, so we send it no texts at all. Text START to our number to get texts again.',
  phoneChanged: (phone: string) =>
    `Lead texts were turned on for ${phone}, which is no longer your verified number. Turn them on again for your new number.`,
  stopNote:
    'Texting STOP from your phone stops every text from us, sign-in codes too; turning lead texts off here stops only these.',
  leadsHeading: 'Buyers who texted',
  noLeads: 'No buyer has texted your code yet.',
  leadsCaption: 'Buyers who texted your code, newest first',
  colNumber: 'Number',
  colFirst: 'First text',
  colLast: 'Latest text',
  colCount: 'Texts',
  saved: { on: 'Lead texts are on.', off: 'Lead texts are off.' },
} as const;

export const ZTextForInfoLeadSchema = z.object({
  /** The buyer's number in E.164, in full: the seller calls or texts them back. */
  phone: z.string(),
  firstAt: z.string(),
  lastAt: z.string(),
  /** How many times they texted the code. */
  texts: z.number().int(),
});
export type TTextForInfoLead = z.infer<typeof ZTextForInfoLeadSchema>;

export const ZTextForInfoSchema = z.object({
  /** The site has a texting number (TWILIO_FROM is a phone number). */
  available: z.boolean(),
  /** Our number as people dial it, e.g. (555) 555-0100; null when not available. */
  number: z.string().nullable(),
  /** The listing's 5-digit code; null when not available. */
  code: z.string().nullable(),
  leadTexts: z.object({
    /** The signed-in owner gets lead texts. */
    on: z.boolean(),
    /** When they turned them on (ISO). */
    since: z.string().nullable(),
    /** The number they agreed to get them on. */
    phone: z.string().nullable(),
    /** Their account's verified number now (decision 012), or null. */
    verifiedPhone: z.string().nullable(),
    /** Their verified number texted STOP: no text of ours reaches it. */
    phoneStopped: z.boolean(),
  }),
  /** The latest 100, newest first. */
  leads: z.array(ZTextForInfoLeadSchema),
});
export type TTextForInfo = z.infer<typeof ZTextForInfoSchema>;

export const ZLeadTextsUpdateSchema = z.object({
  property: ZPropertyHashSchema,
  on: z.boolean(),
});
export type TLeadTextsUpdate = z.infer<typeof ZLeadTextsUpdateSchema>;
