import type { TPublicListingDetail } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { licensesFor, listingJsonLd, renderListingPage } from './listing-page.ts';
import type { ListingPageSite } from './page-html.ts';

const TEMPLATE =
  '<html><head><meta charset="utf-8" /><!--listing-head:start--><meta name="robots" content="noindex" /><!--listing-head:end--></head><body><main><!--listing-main:start--><p>template</p><!--listing-main:end--></main></body></html>';

const SITE: ListingPageSite = {
  siteName: 'Lantern',
  publicUrl: 'https://lantern.example',
  brokerageLicenses: ['CA DRE #01234567', 'TX 9001234'],
  tiles: { url: null, attribution: '© OpenStreetMap contributors' },
};

const HOSTILE = '<script>alert("x")</script>&\'"';

function detail(over: Partial<TPublicListingDetail> = {}): TPublicListingDetail {
  return {
    id: 'Ab3xY',
    slug: '12-elm-st-austin-tx-78701-Ab3xY',
    kind: 'mls',
    status: 'active',
    address: '12 Elm St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    price: 450000,
    propertyType: 'single-family',
    bedrooms: 3,
    bathrooms: 2.5,
    squareFeet: 1850,
    yearBuilt: 1998,
    lat: 30.27,
    lng: -97.74,
    remarks: 'Bright corner lot.\n\nNew roof in 2022.',
    features: ['Fireplace', 'Two-car garage'],
    photos: [
      { url: '/p/1/web', thumbUrl: '/p/1/thumb', width: 1600, height: 1067, caption: 'Front' },
      { url: '/p/2/web', thumbUrl: '/p/2/thumb', width: null, height: null, caption: '' },
    ],
    contact: null,
    priceHistory: [
      { kind: 'listed', price: 460000, at: '2026-03-01T12:00:00.000Z' },
      { kind: 'price_changed', price: 450000, at: '2026-04-01T12:00:00.000Z' },
    ],
    listedAt: '2026-03-01T12:00:00.000Z',
    closedAt: null,
    ...over,
  };
}

const jsonLdOf = (html: string) => {
  const body = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return body === undefined ? undefined : JSON.parse(body);
};

describe('renderListingPage', () => {
  it('says "Text {code} to {number} for details" only when given a code (a texting number), never in preview', () => {
    const line = { code: '48213', number: '(555) 555-0100', e164: '+15555550100' };
    const html = renderListingPage(TEMPLATE, detail(), SITE, { textForInfo: line });
    expect(html).toContain(
      'Text <strong>48213</strong> to <a href="sms:+15555550100?body=48213">(555) 555-0100</a> for details.',
    );
    expect(html).toContain('aria-labelledby="listing-text-info"');
    expect(renderListingPage(TEMPLATE, detail(), SITE)).not.toContain('listing-text-info');
    expect(
      renderListingPage(TEMPLATE, detail(), SITE, { textForInfo: line, preview: true }),
    ).not.toContain('listing-text-info');
  });

  it('fills both regions and keeps the rest of the template', () => {
    const html = renderListingPage(TEMPLATE, detail(), SITE);
    expect(html).not.toContain('template</p>');
    expect(html).not.toContain('noindex');
    expect(html).toContain('<meta charset="utf-8" />');
    expect(html).toContain('<title>12 Elm St, Austin, TX 78701 – $450,000 | Lantern</title>');
    expect(html).toContain(
      '<link rel="canonical" href="https://lantern.example/listings/12-elm-st-austin-tx-78701-Ab3xY" />',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://lantern.example/p/1/web" />',
    );
    expect(html).toContain('3 beds · 2.5 baths · 1,850 sq ft');
    expect(html).toContain('<p>Bright corner lot.</p><p>New roof in 2022.</p>');
    expect(html).toContain('Price changed');
    expect(html).toContain('alt="Photo 2 of 12 Elm St"');
    expect(html).toContain('Share on Facebook');
  });

  it('escapes every value, in the page and in the JSON-LD', () => {
    const html = renderListingPage(
      TEMPLATE,
      detail({
        address: HOSTILE,
        city: HOSTILE,
        remarks: HOSTILE,
        features: [HOSTILE],
        photos: [{ url: `/x"${HOSTILE}`, thumbUrl: '/t', width: 1, height: 1, caption: HOSTILE }],
        kind: 'fsbo',
        contact: { name: HOSTILE, email: `a${HOSTILE}@b.example`, phone: HOSTILE },
      }),
      { ...SITE, siteName: HOSTILE },
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toMatch(/"x"\)/);
    const ld = jsonLdOf(html);
    expect(ld['@type']).toBe('RealEstateListing');
    expect(ld.about.address.streetAddress).toBe(HOSTILE);
    // The only script elements are the JSON ones we wrote.
    expect(html.match(/<script/g)?.length).toBe(2);
  });

  it('writes valid schema.org data', () => {
    const ld = listingJsonLd(detail(), SITE);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: 'https://lantern.example/listings/12-elm-st-austin-tx-78701-Ab3xY',
      offers: { price: 450000, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      about: {
        '@type': 'SingleFamilyResidence',
        numberOfBedrooms: 3,
        geo: { latitude: 30.27, longitude: -97.74 },
      },
    });
  });

  it('shows the brokerage line and the equal-housing mark for an MLS listing', () => {
    const html = renderListingPage(TEMPLATE, detail(), SITE);
    expect(html).toContain('Listed by Lantern, license TX 9001234');
    expect(html).toContain('Equal Housing Opportunity');
    expect(html).not.toContain('does not represent');
  });

  it('says we do not represent an FSBO seller, and shows their chosen contact details', () => {
    const html = renderListingPage(
      TEMPLATE,
      detail({ kind: 'fsbo', contact: { name: 'Pat Seller', email: null, phone: '512-555-0100' } }),
      SITE,
    );
    expect(html).toContain('Lantern does not represent this seller.');
    expect(html).toContain('href="tel:5125550100"');
    expect(html).not.toContain('Equal Housing');
    expect(html).not.toContain('Listed by');
  });

  it('makes a preview: noindex, a banner, no canonical, Open Graph or share links', () => {
    const html = renderListingPage(TEMPLATE, detail(), SITE, { preview: true });
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<strong>Preview</strong>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:');
    expect(html).not.toContain('Share this home');
  });

  it('refuses a template without its regions', () => {
    expect(() => renderListingPage('<html></html>', detail(), SITE)).toThrow(/rebuild/);
  });
});

describe('licensesFor', () => {
  it('picks the licenses of the listing’s state, else all of them', () => {
    expect(licensesFor('TX', SITE.brokerageLicenses)).toEqual(['TX 9001234']);
    expect(licensesFor('NY', SITE.brokerageLicenses)).toEqual(SITE.brokerageLicenses);
    expect(licensesFor('TX', [])).toEqual([]);
  });
});
