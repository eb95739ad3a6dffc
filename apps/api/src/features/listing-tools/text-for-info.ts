import { randomInt } from 'node:crypto';
import {
  LISTING_TEXT_CODE_MAX,
  LISTING_TEXT_CODE_MIN,
  listingPagePath,
  TEXT_FOR_INFO_MESSAGES as M,
  PUBLIC_LISTING_STATUS_LABEL,
  TEXT_FOR_INFO_TEXTS,
  type TTextForInfo,
} from '@lantern/contracts';
import type { Listing } from '@lantern/db';
import type { FastifyBaseLogger } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type { PhoneRepository } from '../account/phones.repository.ts';
import { LIMITS } from '../auth/throttle/limits.ts';
import type { Throttle } from '../auth/throttle/throttle.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { QuietTexts } from '../texts/quiet-texts.ts';
import type { TextRepository } from '../texts/texts.repository.ts';
import type { OwnedListingContext } from './owned-listing.ts';
import type { TextForInfoRepository } from './text-for-info.repository.ts';

/** Tries at a free code before giving up (90,000 codes: only a nearly full range gets there). */
const CODE_TRIES = 25;
/** The leads the tab lists. */
const LEADS_SHOWN = 100;

/** A random code of 10000–99999. */
export const randomListingCode = () =>
  String(randomInt(LISTING_TEXT_CODE_MIN, LISTING_TEXT_CODE_MAX + 1));

/** A number as people dial it: (202) 555-0123 for US numbers, else as given. */
export function dialable(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.country === 'US' || parsed?.countryCallingCode === '1'
    ? parsed.formatNational()
    : e164;
}

const fullAddress = (l: Pick<Listing, 'streetAddress' | 'city' | 'state' | 'zipCode'>) =>
  `${l.streetAddress}, ${l.city}, ${l.state} ${l.zipCode}`;

export interface TextForInfoDeps {
  repo: TextForInfoRepository;
  texts: { sendRespectingQuietHours: QuietTexts['send'] };
  textRecords: Pick<TextRepository, 'isOptedOut'>;
  phones: Pick<PhoneRepository, 'find'>;
  throttle: Pick<Throttle, 'allow'>;
  /** TWILIO_FROM when it is a phone number (+E.164); null without Twilio or with a Messaging Service. */
  ourNumber: string | null;
  siteName: string;
  /** PUBLIC_URL without a trailing slash: the links in texts. */
  publicUrl: string;
  /** The zone of an answer to a code no listing has (BUSINESS_TIME_ZONE). */
  businessTimeZone: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Listing analytics: each text to a code counts as a lead (TextCount). */
  analytics: { count(listingId: number, metric: 'TextCount'): Promise<void> };
  /** Draws a code; tests give their own. */
  drawCode?: () => string;
}

/** The listing's code, given now if it has none yet; null only when no free code was found. */
async function ensureCode(deps: TextForInfoDeps, listingId: number): Promise<string | null> {
  const { repo } = deps;
  const drawCode = deps.drawCode ?? randomListingCode;
  const existing = await repo.codeOf(listingId);
  if (existing) return existing;
  for (let i = 0; i < CODE_TRIES; i++) {
    const code = await repo.assignCode(listingId, drawCode());
    if (code) return code;
  }
  deps.log.error({ listingId }, 'no free listing text code found');
  return null;
}

type CodedListing = NonNullable<Awaited<ReturnType<TextForInfoRepository['listingByCode']>>>;

/** A new lead texted to each owner who opted in, once per lead and owner. */
async function tellOwners(
  deps: TextForInfoDeps,
  published: CodedListing,
  leadId: number,
  from: string,
  zone: string,
) {
  const buyer = dialable(from);
  for (const owner of await deps.repo.leadTextRecipients(published.id)) {
    await deps.texts.sendRespectingQuietHours({
      to: owner.phone,
      kind: 'listing_lead',
      body: M.sellerLead(deps.siteName, published.streetAddress, buyer),
      userId: owner.userId,
      timeZone: zone,
      dedupeKey: `listing_lead:${leadId}:${owner.userId}`,
    });
  }
}

/** The answer to a code: the listing's summary and link, or a short word when none is public. */
function answerBody(deps: TextForInfoDeps, listing: CodedListing | undefined, code: string) {
  const published = listing?.publishedAt ? listing : null;
  return published
    ? M.summary({
        siteName: deps.siteName,
        price: published.price,
        bedrooms: published.bedrooms,
        bathrooms: published.bathrooms,
        address: fullAddress(published),
        status: PUBLIC_LISTING_STATUS_LABEL[published.status],
        url: `${deps.publicUrl}${listingPagePath(published.slug ?? published.hash)}`,
      })
    : listing
      ? M.notListed(deps.siteName, code)
      : M.unknownCode(deps.siteName, code);
}

/** The code, the page's line and the owner's tab. */
function textCodes(deps: TextForInfoDeps) {
  const { repo } = deps;
  const available = deps.ourNumber !== null;
  return {
    /** The site has a number buyers can text. */
    available,

    ensureCode: (listingId: number) => ensureCode(deps, listingId),

    /**
     * What the public page says (code and number), or null: no texting number, the listing not
     * published, or no code to be had.
     */
    async pageLine(
      listing: Pick<Listing, 'id' | 'publishedAt'>,
    ): Promise<{ code: string; number: string; e164: string } | null> {
      if (!deps.ourNumber || !listing.publishedAt) return null;
      const code = await ensureCode(deps, listing.id);
      return code ? { code, number: dialable(deps.ourNumber), e164: deps.ourNumber } : null;
    },

    /** The owner's tab: code and number, their lead-text setting, the leads. */
    async view(ctx: OwnedListingContext): Promise<TTextForInfo> {
      const { listing, userId } = ctx;
      const [code, consent, phoneRow, leads] = await Promise.all([
        available && listing.publishedAt ? ensureCode(deps, listing.id) : repo.codeOf(listing.id),
        repo.optInOf(listing.id, userId),
        deps.phones.find(userId),
        repo.leads(listing.id, LEADS_SHOWN),
      ]);
      const verifiedPhone = phoneRow?.verifiedAt && phoneRow.phone ? phoneRow.phone : null;
      const on = Boolean(consent && !consent.offAt);
      return {
        available,
        number: deps.ourNumber ? dialable(deps.ourNumber) : null,
        code: available ? code : null,
        leadTexts: {
          on,
          since: on && consent ? consent.onAt.toISOString() : null,
          phone: on && consent ? consent.phone : null,
          verifiedPhone,
          phoneStopped: verifiedPhone ? await deps.textRecords.isOptedOut(verifiedPhone) : false,
        },
        leads: leads.map((l) => ({
          phone: l.phone,
          firstAt: l.firstAt.toISOString(),
          lastAt: l.lastAt.toISOString(),
          texts: l.textCount,
        })),
      };
    },
  };
}

/** The owner's lead texts, on or off. */
function leadTexts(deps: TextForInfoDeps) {
  const { repo } = deps;
  const available = deps.ourNumber !== null;
  return {
    /**
     * Turn the signed-in owner's lead texts on (to their verified phone, with their consent
     * recorded, and a confirmation text) or off.
     */
    async setLeadTexts(ctx: OwnedListingContext, on: boolean): Promise<Outcome<null>> {
      const { listing, userId } = ctx;
      if (!on) {
        await repo.optOut(listing.id, userId, 'dashboard');
        return ok(null);
      }
      if (!available) return refuse(409, TEXT_FOR_INFO_TEXTS.unavailable);
      const phoneRow = await deps.phones.find(userId);
      const phone = phoneRow?.verifiedAt && phoneRow.phone ? phoneRow.phone : null;
      if (!phone) {
        return refuse(422, TEXT_FOR_INFO_TEXTS.noVerifiedPhone, {
          on: [TEXT_FOR_INFO_TEXTS.noVerifiedPhone],
        });
      }
      if (await deps.textRecords.isOptedOut(phone)) {
        return refuse(422, TEXT_FOR_INFO_TEXTS.phoneStopped, {
          on: [TEXT_FOR_INFO_TEXTS.phoneStopped],
        });
      }
      const before = await repo.optInOf(listing.id, userId);
      await repo.optIn({
        listingId: listing.id,
        userId,
        phone,
        via: 'dashboard',
        consentText: TEXT_FOR_INFO_TEXTS.consent(dialable(phone)),
      });
      // A confirmation, once per consent (not when it was already on for this number).
      if (!before || before.offAt || before.phone !== phone) {
        await deps.texts.sendRespectingQuietHours({
          to: phone,
          kind: 'listing_lead_opt_in',
          body: M.sellerOptedIn(deps.siteName, fullAddress(listing)),
          userId,
          timeZone: timeZoneOfState(ctx.property.state),
        });
      }
      return ok(null);
    },
  };
}

/** A buyer texting a code. */
function codeTexts(deps: TextForInfoDeps) {
  const { repo } = deps;
  return {
    /**
     * A buyer texted a 5-digit code (an inbound text just recorded, never a replay: the webhook
     * calls this only for a new MessageSid). Answers them with the listing's summary and link
     * (or a short word when no public listing has the code), records the lead, and texts it to
     * the owners who opted in, the first time this number asks. Every text waits out quiet hours.
     */
    async codeTexted(text: {
      textId: number;
      from: string;
      code: string;
    }): Promise<'answered' | 'unknown' | 'not_listed' | 'throttled'> {
      const listing = await repo.listingByCode(text.code);
      const published = listing?.publishedAt ? listing : null;
      const zone = listing ? timeZoneOfState(listing.state) : deps.businessTimeZone;
      const outcome = published ? 'answered' : listing ? 'not_listed' : 'unknown';
      if (published) {
        const { lead, isNew } = await repo.recordLead(published.id, text.from, text.textId);
        await deps.analytics.count(published.id, 'TextCount');
        if (isNew) await tellOwners(deps, published, lead.id, text.from, zone);
      }
      // Someone texting a code over and over (or a script) gets a few answers an hour, no more.
      if (!(await deps.throttle.allow(LIMITS.textForInfoAnswers, text.from))) {
        deps.log.info({ textId: text.textId }, 'listing code texted too often; not answered');
        return 'throttled';
      }
      const body = answerBody(deps, listing, text.code);
      await deps.texts.sendRespectingQuietHours({
        to: text.from,
        kind: 'listing_info',
        body,
        timeZone: zone,
        dedupeKey: `listing_info:${text.textId}`,
      });
      return outcome;
    },
  };
}

/**
 * Text for info (issue 22, "call forwarding by text"; docs/decisions/044-text-for-info.md): a
 * 5-digit code per public listing, the answer to a buyer who texts it, the lead for the owners
 * (listed in their tab, and texted to those who opted in), all through
 * `texts.sendRespectingQuietHours` (opt-outs, records, no texts between 9 pm and 8 am).
 */
export function createTextForInfo(deps: TextForInfoDeps) {
  return { ...textCodes(deps), ...leadTexts(deps), ...codeTexts(deps) };
}
export type TextForInfo = ReturnType<typeof createTextForInfo>;
