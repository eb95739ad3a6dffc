/**
 * A small iCalendar (RFC 5545) writer for one event, the showing invitations' (issue 22).
 * Maintained libraries were weighed and left (docs/decisions/043-showing-requests.md): `ics`
 * brings yup and four more packages beside our zod, and `ical-generator` asks for Node 22 at
 * install where pnpm runs on Node 20. What we need is this much: text escaping (3.3.11), UTC
 * times (3.3.5), line folding at 75 octets without splitting a character (3.1), CRLF endings.
 */

/** PUBLISH: a confirmed showing to add to a calendar; CANCEL: the same event called off. */
export type IcsMethod = 'PUBLISH' | 'CANCEL';

export interface IcsEvent {
  method: IcsMethod;
  /** The product writing it, e.g. "-//Lantern//Showings//EN". */
  prodId: string;
  /** The same for every version of one event; a cancellation names the event it cancels. */
  uid: string;
  /** Higher for each new version of the event (RFC 5546: a CANCEL must exceed what it cancels). */
  sequence: number;
  /** When this version was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description?: string;
  url?: string;
  organizer: { name: string; email: string };
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=…): quoted when it holds `:`, `;` or `,`; double quotes cannot appear. */
function paramValue(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** 20260314T153000Z */
export function utcStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * A content line folded so no physical line passes 75 octets: a CRLF and one space go before
 * the character that would pass it, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation line's leading space takes one of its 75.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The whole calendar object, CRLF line endings, ready to attach as text/calendar. */
export function writeIcs(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${e.prodId}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    `DTSTART:${utcStamp(e.start)}`,
    `DTEND:${utcStamp(e.end)}`,
    `SEQUENCE:${e.sequence}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `LOCATION:${escapeText(e.location)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    `ORGANIZER;CN=${paramValue(e.organizer.name)}:mailto:${e.organizer.email}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
