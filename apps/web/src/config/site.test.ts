import { describe, expect, it } from 'vitest';
import { loadSiteConfig, telHref } from './site.ts';

describe('loadSiteConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadSiteConfig({})).toEqual({
      siteName: 'Lantern',
      supportPhone: '(800) 555-0149',
      supportPhoneHref: 'tel:+18005550149',
      brokerageLicenses: [],
      publicUrl: 'http://localhost:3000',
    });
  });

  it('treats empty strings as unset', () => {
    const config = loadSiteConfig({ SITE_NAME: '  ', PUBLIC_URL: '', BROKERAGE_LICENSES: '' });
    expect(config.siteName).toBe('Lantern');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.brokerageLicenses).toEqual([]);
  });

  it('reads every variable and splits the license list on commas', () => {
    const config = loadSiteConfig({
      SITE_NAME: 'Beacon Homes',
      SUPPORT_PHONE: '(415) 555-0100',
      BROKERAGE_LICENSES: 'CA DRE #01234567, TX 9001234 ,,',
      PUBLIC_URL: 'https://www.example.com/',
    });
    expect(config).toEqual({
      siteName: 'Beacon Homes',
      supportPhone: '(415) 555-0100',
      supportPhoneHref: 'tel:+14155550100',
      brokerageLicenses: ['CA DRE #01234567', 'TX 9001234'],
      publicUrl: 'https://www.example.com',
    });
  });

  it('rejects a PUBLIC_URL that is not an http(s) URL, naming the variable', () => {
    expect(() => loadSiteConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadSiteConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
  });
});

describe('telHref', () => {
  it('adds the US country code to a ten-digit number', () => {
    expect(telHref('(800) 555-0149')).toBe('tel:+18005550149');
  });

  it('keeps an eleven-digit number that starts with 1', () => {
    expect(telHref('1-800-555-0149')).toBe('tel:+18005550149');
  });

  it('keeps an international number as written', () => {
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});
