import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from './site.ts';

describe('loadSiteConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadSiteConfig({})).toEqual({
      siteName: 'Lantern',
      supportPhone: '(800) 555-0149',
      supportPhoneHref: 'tel:+18005550149',
      brokerageLicenses: [],
      publicUrl: 'http://localhost:3000',
      headerSpecialInstruction: null,
      analytics: null,
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
      headerSpecialInstruction: null,
      analytics: null,
    });
  });

  it('turns on Plausible analytics only when a domain is configured', () => {
    expect(loadSiteConfig({ PLAUSIBLE_DOMAIN: 'lantern.example' }).analytics).toEqual({
      provider: 'plausible',
      domain: 'lantern.example',
      scriptUrl: 'https://plausible.io/js/script.js',
    });
  });

  it('sanitizes the special-instruction banner', () => {
    const config = loadSiteConfig({
      HEADER_SPECIAL_INSTRUCTION:
        '<strong>Closed Monday</strong> <a href="https://x.example" target="_blank" onclick="evil()">info</a><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(config.headerSpecialInstruction).toBe(
      '<strong>Closed Monday</strong> <a href="https://x.example" target="_blank" rel="noopener">info</a>',
    );
    expect(
      loadSiteConfig({ HEADER_SPECIAL_INSTRUCTION: '<script>x</script>' }).headerSpecialInstruction,
    ).toBeNull();
  });

  it('rejects a PUBLIC_URL that is not an http(s) URL, naming the variable', () => {
    expect(() => loadSiteConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadSiteConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
  });
});
