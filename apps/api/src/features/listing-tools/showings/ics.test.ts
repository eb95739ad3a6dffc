import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, type IcsEvent, utcStamp, writeIcs } from './ics.ts';

const event: IcsEvent = {
  method: 'PUBLISH',
  prodId: '-//Lantern//Showings//EN',
  uid: 'showing-abc123@lantern.example',
  sequence: 1,
  stamp: new Date('2026-06-01T12:00:00Z'),
  start: new Date('2026-06-05T15:30:00Z'),
  end: new Date('2026-06-05T16:00:00Z'),
  summary: 'Showing of 12 Elm St',
  location: '12 Elm St, Springfield, IL 62701',
  description: 'Arranged through Lantern; bring ID, please.\nThanks!',
  url: 'https://lantern.example/listings/12-elm-st',
  organizer: { name: 'Lantern, Inc.', email: 'no-reply@lantern.example' },
};

/** RFC 5545 3.1: unfolding removes each CRLF followed by one space or tab. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const lines = (ics: string) => unfold(ics).split('\r\n').filter(Boolean);

describe('the iCalendar writer', () => {
  it('writes one VEVENT with UID, DTSTAMP, DTSTART/DTEND in UTC, SUMMARY, LOCATION and METHOD', () => {
    const ics = writeIcs(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(lines(ics)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Lantern//Showings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:showing-abc123@lantern.example',
      'DTSTAMP:20260601T120000Z',
      'DTSTART:20260605T153000Z',
      'DTEND:20260605T160000Z',
      'SEQUENCE:1',
      'STATUS:CONFIRMED',
      'SUMMARY:Showing of 12 Elm St',
      'LOCATION:12 Elm St\\, Springfield\\, IL 62701',
      'DESCRIPTION:Arranged through Lantern\\; bring ID\\, please.\\nThanks!',
      'URL:https://lantern.example/listings/12-elm-st',
      'ORGANIZER;CN="Lantern, Inc.":mailto:no-reply@lantern.example',
      'TRANSP:OPAQUE',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('cancels with METHOD:CANCEL, the same UID and a higher SEQUENCE', () => {
    const cancel = lines(writeIcs({ ...event, method: 'CANCEL', sequence: 3 }));
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain('SEQUENCE:3');
    expect(cancel).toContain('UID:showing-abc123@lantern.example');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(utcStamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });

  it('folds lines at 75 octets without splitting a character, and unfolds to the same text', () => {
    const long = `SUMMARY:${'Showing of the house with the blue door – café ☕ '.repeat(6)}`;
    const folded = foldLine(long);
    for (const physical of folded.split('\r\n')) {
      expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
      expect(physical).not.toContain('\uFFFD');
    }
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
    expect(unfold(folded)).toBe(long);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });
});
