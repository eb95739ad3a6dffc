/**
 * ============================================================================================
 *  FOR COUNSEL REVIEW — NOT YET APPROVED BY COUNSEL
 *  The Exclusive Agency listing agreement customers sign (issue 18; docs/decisions/032). Written
 *  by the product team in plain English. Before launch a lawyer licensed in each state we list in
 *  must review it (state-required disclosures, agency disclosure forms, license wording). Any
 *  change to the text must change AGREEMENT_TEMPLATE_VERSION: every signed copy records the
 *  version it was made from, and old versions must stay reproducible from git history.
 * ============================================================================================
 */
import { LISTING_SYNDICATION_CHOICES, type TListingSyndication } from '@lantern/contracts';
import type { DocumentBody } from '../documents.ts';

export const AGREEMENT_TEMPLATE_VERSION = 'exclusive-agency-2026-12-03 (awaiting counsel review)';
export const RENEWAL_TEMPLATE_VERSION = 'renewal-2026-11-24 (awaiting counsel review)';
export const CHANGE_FORM_TEMPLATE_VERSION = 'change-form-2026-11-24 (awaiting counsel review)';

export interface AgreementData {
  broker: string;
  licenses: readonly string[];
  owners: ReadonlyArray<{ name: string; email: string }>;
  /** One line: street, unit, city, state, zip. */
  address: string;
  county: string | null;
  state: string;
  /** The MLS's name, or null while none is confirmed for the county. */
  board: string | null;
  propertyType: string;
  listPrice: number;
  listingTerms: readonly string[];
  possession: readonly string[];
  /** YYYY-MM-DD: the day the agreement was prepared, and the last day of the listing. */
  startDate: string;
  expirationDate: string;
  /** The listing's invoice total, formatted ("$149.00"). */
  fee: string;
  /** Other services bought with the listing, by name. */
  services: readonly string[];
  /** Where the Owners agreed the listing may appear beyond the MLS (issue 49). */
  syndication: TListingSyndication | null;
}

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;
const names = (owners: AgreementData['owners']) => owners.map((o) => o.name).join(', ');
const licenseLine = (d: { broker: string; licenses: readonly string[] }) =>
  d.licenses.length > 0
    ? `${d.broker} (license ${d.licenses.join('; ')})`
    : `${d.broker}, a licensed real estate brokerage`;

/**
 * Section 9: each choice the Owners made, in the words the form asked it, answered Yes or No.
 * The Broker's own feeds to partner sites and portals follow them; the MLS's rules govern the MLS.
 */
function syndicationParagraphs(chosen: TListingSyndication | null): string[] {
  const lines = LISTING_SYNDICATION_CHOICES.map(
    (c) => `${c.label}: ${chosen?.[c.key] ? 'Yes' : 'No'}.`,
  );
  return [
    'Besides the MLS, the Broker sends listings to partner home-search websites and portals. The Owners chose what the Broker may send of this listing:',
    ...lines,
    chosen?.InternetEntireListingDisplayYN
      ? 'The Broker sends these choices with the listing, so that the sites that receive it can follow them. The Owners may change them at any time in their dashboard, without a change form; the Broker’s feeds follow the change at once.'
      : 'The Broker does not send this listing to partner sites or portals. The Owners may change this at any time in their dashboard, without a change form.',
  ];
}

export function exclusiveAgencyAgreement(d: AgreementData): Omit<DocumentBody, 'footer'> {
  const board =
    d.board ??
    'the MLS serving the property that the Broker chooses at review and names to the Owners before the listing goes live';
  return {
    title: 'Exclusive Agency Listing Agreement',
    intro: [
      `Owners: ${names(d.owners)}.`,
      `Broker: ${licenseLine(d)}.`,
      `Property: ${d.address}${d.county ? ` (${d.county.replace(/\s+county$/i, '')} County)` : ''}.`,
      `Prepared on ${d.startDate}.`,
    ],
    sections: [
      {
        heading: '1. What this agreement is',
        paragraphs: [
          `The Owners list the Property for sale with the Broker on ${board} (the "MLS"). This is an exclusive agency listing: the Broker is the only brokerage the Owners list the Property with, but the Owners keep the right to sell the Property themselves, to a buyer they find, without owing the Broker anything more.`,
          'The Broker provides a limited service. The Owners show the Property, answer buyers and their agents, and negotiate and accept offers themselves. The Broker does not advise on price or terms unless the Owners buy a service that says so.',
        ],
      },
      {
        heading: '2. How long it lasts',
        paragraphs: [
          `The listing starts when the Broker puts it on the MLS and ends at the end of ${d.expirationDate}, unless it is renewed by a new agreement signed by every Owner, or ended earlier as section 7 says.`,
        ],
      },
      {
        heading: '3. Price and terms',
        paragraphs: [
          `List price: ${dollars(d.listPrice)}. Property type: ${d.propertyType}.`,
          `Financing the Owners will consider: ${d.listingTerms.join(', ') || 'as stated in the listing'}. Possession: ${d.possession.join(', ') || 'as stated in the listing'}.`,
          'The listing details, remarks and photos are those the Owners entered in their dashboard, kept with this agreement as the listing version it was signed for.',
        ],
      },
      {
        heading: '4. The Broker’s fee',
        paragraphs: [
          `The Owners pay the Broker a flat fee of ${d.fee}${d.services.length ? `, which includes ${d.services.join(', ')}` : ''}, paid before this agreement is signed. The Broker is owed nothing else on a sale, whoever finds the buyer.`,
          'The MLS listing carries no offer of compensation to buyers’ brokers. Any payment to a buyer’s broker is for the Owners and the buyer to negotiate and is not part of this agreement. Commissions are not set by law and are negotiable.',
          'If the Broker cannot put the listing on an MLS, the Broker refunds the fee in full and this agreement ends.',
        ],
      },
      {
        heading: '5. What the Broker does',
        paragraphs: [
          'The Broker checks the listing against the MLS’s rules, enters it on the MLS, carries out the changes the Owners ask for on signed change forms, and takes the listing off the MLS when it ends. The Broker passes on to the Owners the enquiries it receives about the Property.',
        ],
      },
      {
        heading: '6. What the Owners do',
        paragraphs: [
          'The Owners confirm that they are all the owners of the Property, that they may sell it, and that what they entered about it is true. They give the Broker the right to publish the listing’s text and photos on the MLS and on the websites the MLS feeds, and confirm they have the rights to those photos.',
          'The Owners make the disclosures the law of their state requires of a seller, and follow fair housing laws: the Property is offered to everyone without regard to race, color, religion, sex, disability, familial status, national origin or any other class protected where it lies.',
          'The Owners tell the Broker within one business day when they accept an offer, and again when the sale closes, giving the sale price and the closing date, so the MLS stays accurate.',
        ],
      },
      {
        heading: '7. Changes and ending early',
        paragraphs: [
          'Changes to the price, remarks, photos or status of the listing are made on change forms signed in the dashboard. Each Owner authorizes any one Owner to sign change forms on behalf of all Owners. The price may be changed at most 3 times in any 30 days.',
          'The Owners may withdraw or cancel the listing at any time on a change form. Once the listing is on the MLS the fee is not refunded when the Owners end it early.',
        ],
      },
      {
        heading: '8. Electronic records and signatures',
        paragraphs: [
          'The parties agree to sign this agreement and its change forms electronically, after the Owners consented under the federal ESIGN Act. Each Owner may ask for a paper copy at no charge. A signed copy with a certificate of signatures is available to every Owner in the dashboard.',
        ],
      },
      {
        heading: '9. Sharing the listing beyond the MLS',
        paragraphs: syndicationParagraphs(d.syndication),
      },
      {
        heading: '10. The whole agreement',
        paragraphs: [
          `This agreement and the change forms signed under it are the whole agreement between the Owners and the Broker about this listing. The law of ${d.state} applies. If a part of it cannot be enforced, the rest still applies.`,
        ],
      },
    ],
    signers: d.owners,
    signatureCaption:
      'Each Owner signs electronically in the dashboard. The Broker accepts this agreement by putting the listing on the MLS.',
  };
}

export interface RenewalData {
  broker: string;
  licenses: readonly string[];
  owners: ReadonlyArray<{ name: string; email: string }>;
  address: string;
  mlsNumber: string | null;
  board: string | null;
  currentExpiration: string;
  newExpiration: string;
  startDate: string;
}

export function renewalAgreement(d: RenewalData): Omit<DocumentBody, 'footer'> {
  return {
    title: 'Renewal of the Exclusive Agency Listing Agreement',
    intro: [
      `Owners: ${names(d.owners)}.`,
      `Broker: ${licenseLine(d)}.`,
      `Property: ${d.address}${d.mlsNumber ? `, MLS number ${d.mlsNumber}${d.board ? ` on ${d.board}` : ''}` : ''}.`,
      `Prepared on ${d.startDate}.`,
    ],
    sections: [
      {
        heading: '1. The renewal',
        paragraphs: [
          `The Owners and the Broker renew their Exclusive Agency Listing Agreement for the Property. The listing now ends at the end of ${d.newExpiration} instead of ${d.currentExpiration}.`,
          'Everything else in the agreement, and every change form signed under it, stays as it is. The renewal takes effect when every Owner has signed it and the Broker has changed the end date on the MLS.',
        ],
      },
      {
        heading: '2. Electronic signatures',
        paragraphs: [
          'The Owners sign this renewal electronically under the consent they gave under the federal ESIGN Act, and may ask for a paper copy at no charge.',
        ],
      },
    ],
    signers: d.owners,
    signatureCaption: 'Each Owner signs electronically in the dashboard.',
  };
}

export interface ChangeFormData {
  broker: string;
  address: string;
  mlsNumber: string | null;
  board: string | null;
  /** What is asked, one line per change ("List price: $425,000"). */
  changes: readonly string[];
  /** Longer text that goes with it (new remarks, photo instructions), if any. */
  detail: string | null;
  signer: { name: string; email: string };
  startDate: string;
}

export function changeForm(d: ChangeFormData): Omit<DocumentBody, 'footer'> {
  return {
    title: 'Listing Change Form',
    intro: [
      `Property: ${d.address}${d.mlsNumber ? `, MLS number ${d.mlsNumber}${d.board ? ` on ${d.board}` : ''}` : ''}.`,
      `Broker: ${d.broker}. Prepared on ${d.startDate}.`,
    ],
    sections: [
      {
        heading: 'The change asked for',
        paragraphs: [...d.changes, ...(d.detail ? [d.detail] : [])],
      },
      {
        heading: 'Authority',
        paragraphs: [
          'The Owner signing asks the Broker to make this change on the MLS under the Exclusive Agency Listing Agreement for the Property, on behalf of every Owner as that agreement allows. The change takes effect when the Broker confirms it has been made.',
        ],
      },
    ],
    signers: [d.signer],
    signatureCaption: 'Signed electronically in the dashboard.',
  };
}
