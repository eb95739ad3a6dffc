/**
 * What changed in the public API, newest first (issue 48): the site's /developers/api-changelog
 * shows it, and the v1 description links there. An entry is added with the change that makes it.
 */
export interface ApiChange {
  /** The day it reached production code, `YYYY-MM-DD`. */
  date: string;
  title: string;
  changes: string[];
}

export const API_CHANGELOG_PAGE = '/developers/api-changelog';

export const API_CHANGELOG: ApiChange[] = [
  {
    date: '2026-12-03',
    title: 'Listings and photos as resources',
    changes: [
      '`/api/v1/listings`: the MLS and FSBO listings of your properties, drafts included, and one listing by its hash, with its page on the site once published. Scope `listings:read`.',
      '`/api/v1/listings/{hash}/photos`: a listing’s photos, uploading more (`multipart/form-data`, one `files` part per photo; the property is no longer a query parameter) and `PUT …/photos/order`. Scope `listings:write` to change.',
      '`/api/v1/photos/{hash}`: one photo, its caption (`PATCH`), deleting it, and its files at `/api/v1/photos/{hash}/thumb` and `/web`.',
      'A photo’s `urls` in every answer under `/api/v1`, the older dashboard paths included, are now `/api/v1/photos/{hash}/{size}`, which a token may read (they pointed at `/api/dashboard/…`).',
      'Every operation declares the 400 and 422 it may answer, and the routes that send files declare their 404 and 409.',
      '`/api/docs` opens on this document, with the browser’s a choice away in its picker.',
    ],
  },
  {
    date: '2026-12-03',
    title: 'Properties, orders, invoices and messages as resources',
    changes: [
      '`/api/v1/properties`: list your properties, add one (the address is placed and checked as the dashboard’s Add Property form does; the same address twice is a 422), read one, and change its address with `PATCH`.',
      '`GET /api/v1/properties/{hash}/services`: the services you may order for the property now, with names and prices.',
      '`/api/v1/orders`: a property’s orders (`?property=`, paged), one order, and ordering a service (`POST`, the body of the dashboard’s order).',
      '`/api/v1/invoices`: your invoices, newest first (one property’s with `?property=`, paged), one invoice in full, and `GET /api/v1/invoices/{hash}/receipt.pdf`, the receipt of a paid invoice (`application/pdf`; 409 before it is paid). Scope `orders:read`.',
      '`/api/v1/messages` is now a resource of its own, at the same paths and with the same answers as before: `GET /api/v1/messages/threads`, a property’s thread with `GET /api/v1/messages?property=`, sending with `POST /api/v1/messages` (`messages:write`), and `POST /api/v1/messages/read`.',
      'Answers name their types (`Property`, `Service`, `Order`, `Invoice`, `InvoiceList`, `Message`, `Thread`, `ThreadList`, …) in `components.schemas`.',
      'The older paths under `/api/v1/dashboard/…` keep working.',
    ],
  },
  {
    date: '2026-12-03',
    title: 'Webhook endpoints, test events and secret rotation',
    changes: [
      'New scopes `webhooks:read` and `webhooks:write`.',
      '`/api/v1/webhook-endpoints`: list (paged), add (the signing secret is in the answer; a retry with the same `Idempotency-Key` is refused rather than shown it again), read, change and delete your endpoints.',
      '`POST /api/v1/webhook-endpoints/{hash}/test` sends a signed `webhook.test` event now and answers with the delivery after its first attempt; it is listed with the endpoint’s deliveries.',
      '`POST /api/v1/webhook-endpoints/{hash}/rotate-secret` makes a new signing secret; for 24 hours (`previousSecretExpiresAt`) each delivery’s `Lantern-Signature` carries a `v1` for the old and the new secret, then only the new one. Accept a delivery when any `v1` matches.',
      'Endpoints and deliveries gain `previousSecretExpiresAt`; a delivery’s `eventType` may be `webhook.test`.',
    ],
  },
  {
    date: '2026-12-03',
    title: 'Errors as problem details, and a description that lints clean',
    changes: [
      'Every error is `application/problem+json` (RFC 9457) with a stable `code`; `detail` has the words. `message` stays, with the same words, for clients written before.',
      'A method the address does not answer is a 405 with `Allow` (it was a 404).',
      'A body that is not JSON is a 415 (it was a 422 on the field `_`).',
      'A body field the operation does not know is a 422 `unknown_field` naming it (it was ignored).',
      'A bad `limit` or `cursor` is a 422 `invalid_query_parameter` naming each.',
      'Every 401 carries `WWW-Authenticate`.',
      'Every operation has an `operationId`; every header the API sends, and `Idempotency-Key`, is declared; answers’ schemas allow new fields. The scope an operation needs is in `x-scope`.',
    ],
  },
  {
    date: '2026-12-01',
    title: 'Long lists read a page at a time',
    changes: [
      'Orders, work orders, invoices, support tickets and the other lists that grow with the data read only the page asked for. Answers, order and headers are unchanged; a cursor from before may be refused as expired, so start again from the first page.',
    ],
  },
  {
    date: '2026-11-30',
    title: 'Webhook addresses',
    changes: [
      'A webhook endpoint must be a public `https://` address on the standard port; private and internal addresses are refused.',
    ],
  },
  {
    date: '2026-11-29',
    title: 'Idempotency keys',
    changes: [
      'Every POST honours an `Idempotency-Key` header: a retry with the same key and body within 24 hours gets the first answer again, marked `Idempotent-Replayed: true`.',
    ],
  },
  {
    date: '2026-11-24',
    title: 'The public API, v1',
    changes: [
      'Personal access tokens with scopes, sent as `Authorization: Bearer`.',
      'The dashboard’s, messages’, staff’s and vendors’ routes under `/api/v1`, with `API-Version`, `RateLimit-*` headers and cursor paging with `Link: rel="next"`.',
      'Signed webhooks for five events.',
    ],
  },
];
