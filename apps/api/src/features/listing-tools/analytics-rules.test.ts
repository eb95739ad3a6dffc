import { describe, expect, it } from 'vitest';
import { isBotAgent, summaryWeek, visitorHash, weekdayOf, weekWords } from './analytics-rules.ts';

describe('listing analytics rules', () => {
  it('leaves out crawlers, link previews, headless browsers and requests without a user agent', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
      '   ',
      undefined,
    ]) {
      expect(isBotAgent(ua), String(ua)).toBe(true);
    }
    for (const ua of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ]) {
      expect(isBotAgent(ua), ua).toBe(false);
    }
  });

  it('hashes a visitor per salt and listing: another day or another listing is another hash', () => {
    const a = visitorHash('salt-1', 7, '203.0.113.1', 'UA');
    expect(visitorHash('salt-1', 7, '203.0.113.1', 'UA')).toBe(a);
    expect(visitorHash('salt-2', 7, '203.0.113.1', 'UA')).not.toBe(a);
    expect(visitorHash('salt-1', 8, '203.0.113.1', 'UA')).not.toBe(a);
    expect(visitorHash('salt-1', 7, '203.0.113.2', 'UA')).not.toBe(a);
    expect(a).not.toContain('203.0.113.1');
  });

  it("sums Monday to Sunday, from 6 am on Monday in the listing's zone", () => {
    expect(weekdayOf('2025-06-09')).toBe(0); // a Monday
    expect(weekdayOf('2025-06-15')).toBe(6);
    const chicago = 'America/Chicago';
    // Monday 9 June, 05:59 in Chicago: still the week before last.
    expect(summaryWeek(chicago, new Date('2025-06-09T10:59:00Z'))).toEqual({
      from: '2025-05-26',
      to: '2025-06-01',
    });
    // 06:00: last week.
    expect(summaryWeek(chicago, new Date('2025-06-09T11:00:00Z'))).toEqual({
      from: '2025-06-02',
      to: '2025-06-08',
    });
    // Any later day of the week: still last week (a missed Monday is caught up).
    expect(summaryWeek(chicago, new Date('2025-06-13T20:00:00Z'))).toEqual({
      from: '2025-06-02',
      to: '2025-06-08',
    });
    // 01:00 UTC on Monday is still Sunday evening in Honolulu.
    expect(summaryWeek('Pacific/Honolulu', new Date('2025-06-09T01:00:00Z'))).toEqual({
      from: '2025-05-26',
      to: '2025-06-01',
    });
  });

  it('words a week for the mail', () => {
    expect(weekWords('2025-06-02', '2025-06-08')).toBe('June 2 to June 8, 2025');
    expect(weekWords('2025-12-29', '2026-01-04')).toBe('December 29, 2025 to January 4, 2026');
  });
});
