/**
 * Spam rules for what a visitor sends from a listing page (issue 22): a question, a showing
 * request. A hidden field people never fill (bots do), a per-address limit, few links.
 */
export const LEAD_HONEYPOT_FIELD = 'website';
export const LEADS_PER_IP_PER_HOUR = 5;
export const LEAD_MAX_LINKS = 2;

export const LEAD_SPAM_TEXTS = {
  tooManyLinks: `Please include at most ${LEAD_MAX_LINKS} links.`,
  tooMany: 'You have sent several messages in the last hour. Please try again later.',
} as const;

/** http(s) links and bare www. addresses: what a spammer pastes. */
const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;

/** How many links a message holds. */
export const linkCount = (text: string): number => text.match(LINK)?.length ?? 0;
