import { NO_SYNDICATION, type TListingSyndication } from '@lantern/contracts';
import { auditLog, listings, type NewListing } from '@lantern/db';
import { ADMIN_API, FSBO_LISTING_API } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * The RESO Web API (issue 49; docs/decisions/096): OAuth2 client credentials, the service
 * document and $metadata against the Data Dictionary names and types we claim, a table of OData
 * queries with their answers, replication page by page through @odata.nextLink and then by
 * ModificationTimestamp, and only what each seller agreed to.
 */
let t: TestApp;
let staff: SignedIn;
let customer: SignedIn;
let seller: SignedIn;
let client: { clientId: string; secret: string; hash: string };
let token: string;

const ALL: TListingSyndication = {
  InternetEntireListingDisplayYN: true,
  InternetAddressDisplayYN: true,
  InternetAutomatedValuationDisplayYN: true,
  InternetConsumerCommentYN: true,
  ClosePriceDisplayYN: true,
};
const SHARED = 260;
const BASE = Date.UTC(2026, 5, 1);

function row(n: number, over: Partial<NewListing> = {}): NewListing {
  return {
    hash: `Reso${String(n).padStart(4, '0')}`,
    slug: `${n}-reso-st-${n}`,
    status: 'active',
    streetAddress: `${n} Reso St`,
    city: n % 2 ? 'Austin' : 'Dallas',
    state: 'TX',
    zipCode: n % 2 ? '78701' : '75201',
    price: 200_000 + n * 1_000,
    bedrooms: (n % 5) + 1,
    bathrooms: 2.5,
    squareFeet: 1_000 + n,
    propertyType: 'condo',
    yearBuilt: 1990,
    lat: 30.2 + n / 10_000,
    lng: -97.7,
    remarks: `Home number ${n}.`,
    listedAt: new Date(BASE),
    publishedAt: new Date(BASE),
    syndication: ALL,
    syndicatedAt: new Date(BASE),
    updatedAt: new Date(BASE + n * 1_000),
    ...over,
  };
}

const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/reso/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(body).toString(),
  });

async function newToken(id = client.clientId, secret = client.secret) {
  const res = await form({
    grant_type: 'client_credentials',
    client_id: id,
    client_secret: secret,
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

const odata = (path: string, bearer: string | null = token) =>
  t.app.inject({
    method: 'GET',
    url: `/reso/odata${path}`,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });

async function addClient(payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: ADMIN_API.resoClients,
    headers: { ...BROWSER, cookie: staff.cookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { clientId: body.client.clientId, secret: body.clientSecret, hash: body.client.hash };
}

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  staff = await signUpUser(t.app, 'reso-staff');
  await giveStaffRole(t.app, staff.userId, 'owner');
  customer = await signUpUser(t.app, 'reso-customer');
  seller = await signUpUser(t.app, 'reso-seller');
  const rows = Array.from({ length: SHARED }, (_, i) => row(i + 1));
  rows.push(
    // Never shared: not in the feed at all.
    row(900, { syndication: null, syndicatedAt: null }),
    row(901, { syndication: NO_SYNDICATION, syndicatedAt: null }),
    // Shared without its address, and a sale without its price.
    row(902, { syndication: { ...ALL, InternetAddressDisplayYN: false }, city: 'Hidden' }),
    row(903, {
      status: 'sold',
      price: 410_000,
      closedAt: new Date(Date.UTC(2026, 4, 20)),
      syndication: { ...ALL, ClosePriceDisplayYN: false },
    }),
    row(904, { status: 'sold', price: 420_000, closedAt: new Date(Date.UTC(2026, 4, 21)) }),
  );
  for (let i = 0; i < rows.length; i += 100) {
    await t.app.db.insert(listings).values(rows.slice(i, i + 100));
  }
  client = await addClient({
    name: 'Partner One',
    resources: ['Property', 'Media'],
    rateLimitPerMinute: 10_000,
  });
  token = await newToken();
});
afterAll(() => t.close());

describe('OAuth2 client credentials', () => {
  it('issues a bearer token for the form or HTTP Basic, and nothing else', async () => {
    const ok = await form({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(ok.headers['cache-control']).toBe('no-store');
    const basic = Buffer.from(`${client.clientId}:${client.secret}`).toString('base64');
    const viaBasic = await form(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    expect(viaBasic.statusCode).toBe(200);
    const wrong = await form({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: 'lrs_nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const nul = await form({
      grant_type: 'client_credentials',
      client_id: 'a\u0000b',
      client_secret: 'x',
    });
    expect(nul.statusCode, nul.body).toBe(400);
    const grant = await form({
      grant_type: 'password',
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(grant.json().error).toBe('unsupported_grant_type');
    const json = await t.app.inject({
      method: 'POST',
      url: '/reso/oauth/token',
      payload: { grant_type: 'client_credentials' },
    });
    expect(json.statusCode, json.body).toBe(400);
    expect(json.json().error).toBe('invalid_request');
  });

  it('refuses the API without a live token, in OData error bodies', async () => {
    const none = await odata('/Property', null);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.json().error.code).toBe('Unauthorized');
    const bad = await odata('/Property', 'lrt_not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toContain('invalid_token');
  });

  it('stops a revoked client and its tokens at once, and logs the revocation without the secret', async () => {
    const other = await addClient({
      name: 'Short Lived',
      resources: ['Property'],
      rateLimitPerMinute: 5,
    });
    const its = await newToken(other.clientId, other.secret);
    expect((await odata('/Property?$top=1', its)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: ADMIN_API.resoClient(other.hash),
      headers: { ...BROWSER, cookie: staff.cookie },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await odata('/Property?$top=1', its)).statusCode).toBe(401);
    const again = await form({
      grant_type: 'client_credentials',
      client_id: other.clientId,
      client_secret: other.secret,
    });
    expect(again.statusCode).toBe(401);
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, other.hash));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'reso-client.create',
      'reso-client.revoke',
    ]);
    expect(JSON.stringify(entries)).not.toContain(other.secret);
  });

  it('keeps each client to its resources and its rate a minute', async () => {
    const narrow = await addClient({
      name: 'Narrow',
      resources: ['Property'],
      rateLimitPerMinute: 3,
    });
    const its = await newToken(narrow.clientId, narrow.secret);
    const doc = await odata('', its);
    expect(doc.json().value.map((v: { name: string }) => v.name)).toEqual(['Property']);
    expect((await odata('/Media', its)).statusCode).toBe(403);
    expect((await odata('/Property?$top=1', its)).statusCode).toBe(200);
    const limited = await odata('/Property?$top=1', its);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('TooManyRequests');
  });
});

describe('service document and $metadata', () => {
  /** The Data Dictionary 2.0 names and OData types we claim (docs/decisions/096). */
  const CLAIMED: Record<string, string> = {
    ListingKey: 'Edm.String',
    ListingId: 'Edm.String',
    StandardStatus: 'org.reso.metadata.enums.StandardStatus',
    ModificationTimestamp: 'Edm.DateTimeOffset',
    OnMarketDate: 'Edm.Date',
    ListPrice: 'Edm.Decimal',
    ClosePrice: 'Edm.Decimal',
    CloseDate: 'Edm.Date',
    PropertyType: 'org.reso.metadata.enums.PropertyType',
    PropertySubType: 'org.reso.metadata.enums.PropertySubType',
    UnparsedAddress: 'Edm.String',
    City: 'Edm.String',
    StateOrProvince: 'Edm.String',
    PostalCode: 'Edm.String',
    Country: 'Edm.String',
    Latitude: 'Edm.Decimal',
    Longitude: 'Edm.Decimal',
    BedroomsTotal: 'Edm.Int64',
    BathroomsTotalInteger: 'Edm.Int64',
    LivingArea: 'Edm.Decimal',
    LivingAreaUnits: 'Edm.String',
    LotSizeSquareFeet: 'Edm.Decimal',
    LotSizeAcres: 'Edm.Decimal',
    YearBuilt: 'Edm.Int64',
    PublicRemarks: 'Edm.String',
    PhotosCount: 'Edm.Int64',
    ListOfficeName: 'Edm.String',
    InternetEntireListingDisplayYN: 'Edm.Boolean',
    InternetAddressDisplayYN: 'Edm.Boolean',
    InternetAutomatedValuationDisplayYN: 'Edm.Boolean',
    InternetConsumerCommentYN: 'Edm.Boolean',
    LTN_ForSaleByOwnerYN: 'Edm.Boolean',
  };

  it('lists the resources and describes each field with its name and type', async () => {
    const doc = await odata('');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().value.map((v: { name: string }) => v.name)).toEqual(['Property', 'Media']);
    const meta = await odata('/$metadata');
    expect(meta.headers['content-type']).toContain('application/xml');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      meta.body,
    );
    const schemas = parsed['edmx:Edmx']['edmx:DataServices'].Schema;
    const main = schemas.find((s: { Namespace: string }) => s.Namespace === 'org.reso.metadata');
    const property = main.EntityType.find((e: { Name: string }) => e.Name === 'Property');
    const fields = Object.fromEntries(
      property.Property.map((p: { Name: string; Type: string }) => [p.Name, p.Type]),
    );
    expect(fields).toEqual(CLAIMED);
    expect(property.Key.PropertyRef.Name).toBe('ListingKey');
    const enums = schemas.find(
      (s: { Namespace: string }) => s.Namespace === 'org.reso.metadata.enums',
    );
    const status = enums.EnumType.find((e: { Name: string }) => e.Name === 'StandardStatus');
    expect(status.Member.map((m: { Name: string }) => m.Name)).toContain('ActiveUnderContract');
    // No compensation, ever.
    expect(meta.body).not.toMatch(/Compensation/i);
  });
});

describe('queries', () => {
  const CASES: [string, number, ((b: Record<string, unknown>) => void)?][] = [
    ['/Property?$top=5', 200, (b) => expect((b.value as unknown[]).length).toBe(5)],
    [
      "/Property?$filter=City eq 'Austin' and ListPrice ge 400000&$select=ListingKey,ListPrice,City&$orderby=ListPrice desc&$top=3",
      200,
      (b) => {
        const v = b.value as { ListPrice: number; City: string }[];
        expect(v.map((x) => x.ListPrice)).toEqual([459_000, 457_000, 455_000]);
        expect(Object.keys(v[0] ?? {})).toEqual(['ListingKey', 'ListPrice', 'City']);
      },
    ],
    [
      "/Property?$filter=not (City eq 'Austin') and (BedroomsTotal eq 1 or BedroomsTotal eq 2)&$count=true&$top=0",
      200,
      (b) => expect(b['@odata.count']).toBe(52),
    ],
    [
      "/Property?$filter=StandardStatus eq org.reso.metadata.enums.StandardStatus'Closed'&$select=ListingKey,ClosePrice,CloseDate",
      200,
      (b) =>
        expect(b.value).toEqual([
          { ListingKey: 'Reso0903', ClosePrice: null, CloseDate: '2026-05-20' },
          { ListingKey: 'Reso0904', ClosePrice: 420_000, CloseDate: '2026-05-21' },
        ]),
    ],
    [
      "/Property?$filter=UnparsedAddress eq '902 Reso St, Hidden, TX 78701'",
      200,
      (b) => expect(b.value).toEqual([]),
    ],
    [
      '/Property?$filter=ModificationTimestamp gt 2026-06-01T00:04:18Z&$select=ListingKey',
      200,
      (b) =>
        expect((b.value as { ListingKey: string }[]).map((v) => v.ListingKey)).toEqual([
          'Reso0259',
          'Reso0260',
          'Reso0902',
          'Reso0903',
          'Reso0904',
        ]),
    ],
    [
      '/Property?$filter=ListPrice eq null&$count=true&$top=0',
      200,
      (b) => expect(b['@odata.count']).toBe(2),
    ],
    ["/Property?$filter=ListPrice gt 'cheap'", 400],
    ['/Property?$filter=ListPrice gt', 400],
    ['/Property?$filter=Commission eq 3', 400],
    ["/Property?$filter=StandardStatus eq 'Sold'", 400],
    ['/Property?$filter=ListPrice lt null', 400],
    ["/Property?$filter=contains(City,'Aus')", 400],
    ['/Property?$filter=OnMarketDate ge 2026-02-30', 400],
    ['/Property?$orderby=Nope desc', 400],
    ['/Property?$select=ListingKey,Compensation', 400],
    ['/Property?$top=-1', 400],
    ['/Property?$top=ten', 400],
    ['/Property?$expand=Media', 400],
    ['/Property?$skiptoken=garbage', 400],
    ['/Property?$format=xml', 400],
    ['/Nothing', 404],
    ["/Property?$filter=City eq 'Aus%00tin'", 400],
    ["/Property('Reso%000001')", 400],
  ];
  it.each(CASES)('%s → %i', async (path, status, check) => {
    const res = await odata(path);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    if (status >= 400) {
      expect(typeof body.error.message).toBe('string');
      expect(body.error.message.length).toBeGreaterThan(5);
    }
    check?.(body);
  });

  it('reads a record by key, with what its seller kept back left null', async () => {
    const res = await odata("/Property('Reso0902')");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ListingKey: 'Reso0902',
      StandardStatus: 'Active',
      UnparsedAddress: null,
      Latitude: null,
      City: 'Hidden',
      InternetAddressDisplayYN: false,
      ListOfficeName: null,
    });
    expect((await odata("/Property(ListingKey='Reso0001')")).json().UnparsedAddress).toBe(
      '1 Reso St, Austin, TX 78701',
    );
    expect((await odata("/Property('Reso0900')")).statusCode).toBe(404);
    expect((await odata('/Property(5)')).statusCode).toBe(400);
  });
});

describe('replication', () => {
  type Page = {
    value: { ListingKey: string; ModificationTimestamp: string; StandardStatus: string }[];
    '@odata.nextLink'?: string;
  };
  async function readAll(first: string) {
    const seen: Page['value'] = [];
    let next: string | undefined = first;
    let pages = 0;
    while (next) {
      const res = await odata(next.replace(/^https?:\/\/[^/]+\/reso\/odata/, ''));
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page;
      seen.push(...page.value);
      next = page['@odata.nextLink'];
      pages++;
    }
    return { seen, pages };
  }

  it('reads every shared listing page by page, then only what changed since', async () => {
    const { seen, pages } = await readAll(
      '/Property?$select=ListingKey,ModificationTimestamp,StandardStatus',
    );
    expect(pages).toBe(2);
    expect(seen).toHaveLength(SHARED + 3);
    expect(new Set(seen.map((r) => r.ListingKey)).size).toBe(SHARED + 3);
    const newest = seen
      .map((r) => r.ModificationTimestamp)
      .sort()
      .at(-1) as string;

    // One listing changes price, one is unpublished, one withdrawn from partners by its seller.
    const now = sql`now()`;
    await t.app.db
      .update(listings)
      .set({ price: 1, updatedAt: now })
      .where(eq(listings.hash, 'Reso0010'));
    await t.app.db
      .update(listings)
      .set({ publishedAt: null, updatedAt: now })
      .where(eq(listings.hash, 'Reso0011'));
    await t.app.db
      .update(listings)
      .set({ syndication: NO_SYNDICATION, updatedAt: now })
      .where(eq(listings.hash, 'Reso0012'));
    const since = await readAll(
      `/Property?$filter=ModificationTimestamp gt ${newest}&$orderby=ModificationTimestamp,ListingKey`,
    );
    const byKey = Object.fromEntries(since.seen.map((r) => [r.ListingKey, r]));
    expect(Object.keys(byKey).sort()).toEqual(['Reso0010', 'Reso0011', 'Reso0012']);
    expect(byKey.Reso0010).toMatchObject({ StandardStatus: 'Active', ListPrice: 1 });
    for (const gone of ['Reso0011', 'Reso0012']) {
      expect(byKey[gone]).toMatchObject({
        StandardStatus: 'Withdrawn',
        ListPrice: null,
        City: null,
        PublicRemarks: null,
      });
    }
  });

  it('pages by $skip when ordered by a field that may be null, and honours $top across pages', async () => {
    const { seen, pages } = await readAll(
      '/Property?$orderby=ListPrice desc&$top=250&$select=ListingKey',
    );
    expect(pages).toBe(2);
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((r) => r.ListingKey)).size).toBe(250);
  });
});

describe('an FSBO listing from its seller to the feed', () => {
  it('travels once shared, with its photos, marked as by owner, and leaves when unpublished', async () => {
    // Published with the sharing defaults: everything but the sale price.
    const { property, listing } = await publishedFsboListing(t.app, seller, '77 Owner Way');
    const [shared] = await t.app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(shared?.syndicatedAt).not.toBeNull();
    // Any edit of a published listing syncs its public row.
    const edit = await t.app.inject({
      method: 'PUT',
      url: FSBO_LISTING_API.describe,
      headers: { ...BROWSER, cookie: seller.cookie },
      payload: {
        property: property.hash,
        describe: { remarks: 'Sunny and quiet.', features: [] },
        finish: true,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const record = (await odata(`/Property('${listing.hash}')`)).json();
    expect(record).toMatchObject({
      StandardStatus: 'Active',
      LTN_ForSaleByOwnerYN: true,
      ListOfficeName: null,
      PropertyType: 'Residential',
      PropertySubType: 'SingleFamilyResidence',
      PhotosCount: 1,
      PublicRemarks: 'Sunny and quiet.',
    });
    const media = (await odata(`/Media?$filter=ResourceRecordKey eq '${listing.hash}'`)).json();
    expect(media.value).toHaveLength(1);
    expect(media.value[0]).toMatchObject({
      ResourceName: 'Property',
      MediaCategory: 'Photo',
      Order: 1,
    });
    const photo = await t.app.inject({
      method: 'GET',
      url: new URL(media.value[0].MediaURL).pathname,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    const off = await t.app.inject({
      method: 'POST',
      url: FSBO_LISTING_API.unpublish,
      headers: { ...BROWSER, cookie: seller.cookie },
      payload: { property: property.hash },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await odata(`/Property('${listing.hash}')`)).json()).toMatchObject({
      StandardStatus: 'Withdrawn',
      PublicRemarks: null,
      PhotosCount: null,
    });
    expect(
      (await odata(`/Media?$filter=ResourceRecordKey eq '${listing.hash}'`)).json().value,
    ).toEqual([]);
  });
});

describe('staff', () => {
  it('lists partners, validates in words, hides the area from others and shows the request log', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: ADMIN_API.resoClients,
      headers: { cookie: staff.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().tokenUrl).toMatch(/\/reso\/oauth\/token$/);
    expect(JSON.stringify(list.json())).not.toContain(client.secret);
    const bad = await t.app.inject({
      method: 'POST',
      url: ADMIN_API.resoClients,
      headers: { ...BROWSER, cookie: staff.cookie },
      payload: { name: '', resources: [], rateLimitPerMinute: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'name',
      'rateLimitPerMinute',
      'resources',
    ]);
    const denied = await t.app.inject({
      method: 'GET',
      url: ADMIN_API.resoClients,
      headers: { cookie: customer.cookie },
    });
    expect([403, 404]).toContain(denied.statusCode);
    const log = await t.app.inject({
      method: 'GET',
      url: ADMIN_API.resoClientRequests(client.hash),
      headers: { cookie: staff.cookie },
    });
    const requests = log.json().requests as { url: string; status: number; records: number }[];
    expect(log.json().lastDay).toBeGreaterThan(10);
    expect(requests.find((r) => r.url === '/reso/odata/Property?$top=5')).toMatchObject({
      status: 200,
      records: 5,
    });
  });
});
