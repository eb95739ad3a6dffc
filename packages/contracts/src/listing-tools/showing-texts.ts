import { REPLY_STOP } from './text-for-info.ts';

/**
 * A showing request answered by text (issue 22, "Showing management": the seller confirms or
 * declines "from the dashboard, a mail link or a text"). Owners who turned lead texts on get each
 * request by text with its number; "YES 123" confirms it and "NO 123" declines it. Proposing
 * another time needs a date and a time, so it stays in the dashboard and the mailed link.
 */

/** What a seller's text asks for, or null for any other text. */
export function showingReplyOf(
  body: string,
): { action: 'confirm' | 'decline'; showing: number } | null {
  const m = /^\s*(yes|y|confirm|no|n|decline)\s*#?\s*(\d{1,9})\s*[.!]?\s*$/i.exec(body);
  if (!m?.[1] || !m[2]) return null;
  const word = m[1].toLowerCase();
  return {
    action: word === 'yes' || word === 'y' || word === 'confirm' ? 'confirm' : 'decline',
    showing: Number(m[2]),
  };
}

export const SHOWING_SMS = {
  request: (d: {
    siteName: string;
    buyer: string;
    street: string;
    when: string;
    minutes: number;
    ref: number;
  }) =>
    `${d.siteName}: ${d.buyer} asks to see ${d.street} on ${d.when} (${d.minutes} min). Reply YES ${d.ref} to confirm or NO ${d.ref} to decline; to offer another time, use your dashboard. ${REPLY_STOP}`,
  done: (d: { siteName: string; action: 'confirm' | 'decline'; street: string; when: string }) =>
    d.action === 'confirm'
      ? `${d.siteName}: confirmed — the showing of ${d.street} on ${d.when}. We told the buyer.`
      : `${d.siteName}: declined — the showing of ${d.street} on ${d.when}. We told the buyer.`,
  refused: (siteName: string, ref: number, why: string) =>
    `${siteName}: showing ${ref} was not changed. ${why}`,
  unknown: (siteName: string, ref: number) =>
    `${siteName}: we found no showing request ${ref} for this phone. Check the number in our text, or answer in your dashboard.`,
} as const;
