/**
 * The words of the generated tables (docs-tables.ts): what each plugin and route folder is for.
 * Everything else in those tables (which files exist, what they decorate, what they depend on,
 * which sign-in a folder needs) is read from the code. A plugin or folder without an entry here,
 * or an entry without its file, makes `pnpm lint` fail.
 */

/** Plugin path under apps/api/src → its job. */
export const PLUGIN_JOBS: Record<string, string> = {
  'plugins/core/error-handler.ts':
    'Every failure in the documented JSON shape (422 for validation).',
  'plugins/core/repositories.ts':
    'The repositories routes and services share (one per kind of record).',
  'plugins/core/request-tracing.ts':
    'A server span per request, the handler run inside it, when tracing is on (docs/operations.md "Traces").',
  'plugins/core/require-user.ts':
    "`requireUser`, declared `onRequest` in a route folder's `autohooks.ts`: 401 without a session, else `request.user`.",
  'plugins/core/route-table.ts':
    'Every registered method and path (the hostile-input and route-path tests read it).',
  'plugins/core/services.ts':
    'Opens and migrates the database, builds the typed event bus, the throttles and the session and user services.',
  'plugins/external/front-ends.ts':
    "The public site at / (its assets as files, every page rendered by Astro in-process, those without data kept) and the dashboard SPA at /dashboard, /vendor and /admin (its index.html with this request's app-config and links to the area's landing chunks, behind the area's check); the build's files sent in the brotli, zstd or gzip form the build wrote (docs/decisions/082-precompressed-static-files.md), hashed assets cached for a year, HTML revalidated.",
  'plugins/external/openapi.ts':
    'OpenAPI generated from the zod route schemas: /api/openapi.json, with a reference at /api/docs.',
  'plugins/external/security-headers.ts':
    'Content-Security-Policy without inline scripts (those run by hash), no framing, nosniff, a strict referrer policy and HSTS on https, on every response, the early errors too (docs/decisions/013-hardening.md).',
  'features/access/access.plugin.ts':
    'Staff roles and vendor kinds; `access.guard`, the one permission check every `/api/admin` and `/api/vendor` route folder registers, and `access.routes`, the registry of guarded routes (docs/decisions/016-staff-roles-and-permissions.md).',
  'features/account/account-lifecycle.plugin.ts':
    "The account services: phone verification, reset links and PINs, email verification, Account Settings' changes, social sign-in (docs/decisions/012-account-lifecycle.md).",
  'features/account/two-factor.plugin.ts':
    'Two-step sign-in; every sign-in ends in `reply.completeSignIn`.',
  'features/agent-work/agent-work.plugin.ts':
    "The agent's vendor page (issue 24): the per-record check of an agent's assignment, hours for hourly representation (logged, shown to the customer, billed once by staff into an `agent_hours` invoice under the order's lock) and offers received with their states (decision 050).",
  'features/api-tokens/api-tokens.plugin.ts':
    "Personal access tokens and the public API (issue 25): each route's scope (derived at start; a public route without one stops the server), and on /api/v1 the `API-Version` header, the token's rate limit and scope check, cursor paging of lists; the daily `api-tokens.sweep` job (docs/decisions/052-public-api-and-tokens.md).",
  'features/audit/audit.plugin.ts':
    'One activity-log entry per successful change by a person, redacted (docs/decisions/018-audit-log.md).',
  'features/auth/auth.plugin.ts':
    'Session cookie rules and the device cookie; `onSignedIn` listeners run after every new session (a failure is logged, never fails the sign-in).',
  'features/auth/csrf.plugin.ts':
    'State-changing requests need `X-Requested-With` and a same-origin `Origin`. Bearer requests under /api/v1 skip it (decision 052).',
  'features/catalogue/catalogue-admin.plugin.ts':
    'MLS boards and vendor prices as staff edit them (decision 028); the public /mls and city pages read the boards on each request.',
  'features/crm/crm.plugin.ts':
    'CRM sync: with `HUBSPOT_TOKEN`, the `crm.sync` job pushing customers and orders to HubSpot, and the record of what was pushed and what failed (docs/decisions/027-crm-sync.md).',
  'features/dashboard-shell/page-landing.plugin.ts':
    'Dashboard pages a link opened that cannot show anything: where to go instead, and why (decision 056).',
  'features/dashboard-shell/shell-config.plugin.ts':
    "The SPA shell's app-config JSON: SITE_NAME, the investor flag, the sanitized special-instruction banner, page-load errors.",
  'features/documents/documents.plugin.ts':
    "Property documents (issue 23): the checklist by transaction kind and year built, uploads checked by their bytes and streamed to storage, files behind the property's access check, staff's review under the row's lock with the send-back mail.",
  'features/fsbo-listing/fsbo-listing.plugin.ts':
    'The free FSBO listing (issue 19): its steps, publishing and unpublishing through the listings repository, a sale recorded in the closed sales store (docs/decisions/033-fsbo-and-public-listing-pages.md).',
  'features/idempotency/idempotency.plugin.ts':
    "Every POST honours an `Idempotency-Key`: the first answer kept 24 hours per user (or visitor cookie) and key and replayed to a retry; another body is 422, a retry while the first runs 409; routes with `config: { idempotency: 'secret' }` keep nothing and refuse the retry; the hourly `idempotency.cleanup` job (docs/decisions/067-idempotency-keys.md).",
  'features/jobs/jobs.plugin.ts':
    'The jobs table and runner; plugins `define` job kinds and `schedule` them (docs/decisions/017-background-jobs.md).',
  'features/listing-tools/inquiries.plugin.ts':
    "Buyers' questions from a listing page, mailed to the owners with a relay Reply-To, and the answers both ways (docs/decisions/041-inquiries-and-mail-relay.md).",
  'features/listing-tools/listing-analytics.plugin.ts':
    "Listing analytics (issue 22): `count(listingId, metric, at?)` for the other tools, the page beacons' views and gallery opens, the owners' daily series, the hourly `listing-analytics.cleanup` (salts and visitor hashes of ended days) and `listing-analytics.weekly-summary` jobs, the unsubscribe (docs/decisions/042-listing-analytics.md).",
  'features/listing-tools/listing-tools.plugin.ts':
    "A public listing's tools for its owners (issue 22): opening the listing, text for info (codes, answers, leads, lead texts; decision 044).",
  'features/listing-tools/open-houses.plugin.ts':
    "Open houses of a public listing (issue 22): the owners' list and changes under the listing's row lock, the listing page's upcoming ones, the printable flyer (docs/decisions/045-open-house-kit.md).",
  'features/listing-tools/showings.plugin.ts':
    "Showing requests (issue 22): the listing page's form, the owners' answers under the request's row lock (dashboard, mailed links; `respond` for a text reply later), the buyer's link, mails with .ics invitations (docs/decisions/043-showing-requests.md).",
  'features/lockboxes/lockboxes.plugin.ts':
    'Lockboxes (issue 21): the inventory and its states, rentals to paid lockbox rental orders, returns that refund the deposit through the payment service, and the daily `lockbox.reminders` and `lockbox.forfeit` jobs.',
  'features/mail-relay/mail-relay.plugin.ts':
    'The inbound SMTP relay: services that own threads register a handler (`mailRelay.handle`) as they load; the listener starts once the app is ready (decision 041).',
  'features/mail/public-site.plugin.ts':
    'The mail adapter, the mail outbox (a kind of job) and the newsletter list.',
  'features/metrics/metrics.plugin.ts':
    'Prometheus metrics of this instance: requests by route pattern, the bus lag, jobs, sockets, the pool (served by `routes/metrics.ts`; docs/operations.md "Metrics").',
  'features/mls-replication/mls-replication.plugin.ts':
    "MLS replication (issue 49): with every `MLS_RESO_*` setting, the scheduled `mls.replication` job reading an MLS's RESO Web API page by page into the closed sales store, resumable from its cursor and next link (docs/decisions/097-mls-replication.md).",
  'features/mls-listing/concierge.plugin.ts':
    "The concierge's review of a signed MLS listing before staff (issue 24, decision 048): their listings, return to the customer with notes by field and photo, or ready for staff, each under the listing's row lock.",
  'features/mls-listing/listing-agreement.plugin.ts':
    "The MLS listing's sign step: the agreement made from the listing, every owner's signature, submission.",
  'features/mls-listing/listing-manage.plugin.ts':
    "The live listing: change requests on signed change forms, staff's queue, renewals, the expiry reminder and expire jobs.",
  'features/mls-listing/mls-listing.plugin.ts':
    "The MLS listing builder's steps, boards and upgrades on the listing's invoice (issue 16; docs/decisions/031-mls-listing-builder.md); staff's review queue and decisions (issue 18).",
  'features/orders/admin-orders.plugin.ts':
    "Staff's order management: price a quote (issues the invoice, mails the customer), cancel (voiding an open invoice), complete, notes (decision 038).",
  'features/mortgage-rates/mortgage-rates.plugin.ts':
    "The mortgage rate of the listing pages' payment estimate (issue 47, decision 090): rates staff set at Admin → Mortgage rate, the newest the current one, cached here and cleared on every instance by `mortgage-rate.changed`; `onChange` drops the kept listing pages.",
  'features/portal-feeds/portal-feeds.plugin.ts':
    "Portals' listing feeds (issue 49, decision 098): the XML file built from the RESO records and kept until a listing changes, each portal's secret address (only its SHA-256 kept), the listings owners keep out of a portal.",
  'features/reso/reso.plugin.ts':
    "The RESO Web API (issue 49, decision 096): partners' OAuth2 clients, tokens and request log; our listings under Data Dictionary names (`reso.records`, also read by the portal feeds); OData queries checked and compiled to SQL over the published fields only.",
  'features/participants/invitations.plugin.ts':
    'Inviting someone to a property: duplicate check, token, expiry, mail, rollback; taking up the invitations to a verified address at sign-in and at verification (decision 055).',
  'features/payments/payments.plugin.ts':
    'Payments, refunds and voids of invoices with the paid notification and PDF receipt; with Stripe keys, the card adapter, Checkout sessions and webhook events (docs/decisions/020-payments.md).',
  'features/photo-shoots/photo-shoots.plugin.ts':
    "Photography shoots (issue 39, decision 064): the photographer's licence, uploads and review, staff's approval, the owner's gallery, ZIP and copies into a listing.",
  'features/photos/photos.plugin.ts':
    'File storage (DATA_DIR/files or S3, `features/storage`) and the photos of MLS and FSBO listings and of work orders: uploads checked by their bytes, the `photo.process` job (web sizes, metadata stripped, two at a time), order, captions, files behind the access check (docs/decisions/031-mls-listing-builder.md).',
  'features/properties/geocoder.plugin.ts':
    'The US-only geocoder chosen by `GEOCODER`, behind an answer cache; its settings and the map tiles (docs/decisions/009-add-property-and-geocoding.md).',
  'features/properties/property-data.plugin.ts':
    'Property and product repositories; seeds the services catalogue at start (docs/decisions/004-services-catalogue.md).',
  'features/properties/property-placement.plugin.ts':
    'Where a property is: the placer the add- and update-property routes call, and the daily `properties.place` job for properties stored without county or position (docs/decisions/057-server-side-property-placement.md).',
  'features/realtime/realtime.plugin.ts':
    'The `/ws` socket and event fan-out (below; docs/decisions/005-realtime.md).',
  'features/sales/sales.plugin.ts':
    "The closed sales store (issue 37): idempotent inserts, the engine's candidates near a point, imports of sales files (the `sales.import` job, the command line), our own closed listings recorded in their closing transaction, per-ZIP coverage and its daily `sales.coverage` recount (docs/decisions/058, 059).",
  'features/settlement/settlement.plugin.ts':
    "Settlement transactions, statements and commission disbursement authorisations (issue 24): payees adding up to the commission, signed through `app.signing`, approved by staff under the CDA's row lock and fixed by triggers after (docs/decisions/049-settlement-vendor-page.md).",
  'features/signing/signing.plugin.ts':
    "The one signing service: documents' PDFs (pdf-lib) and SHA-256s, signers and their trails, the signed copy with its certificate page, listing versions (docs/decisions/032-mls-listing-sign-review-manage.md).",
  'features/site-trust/site-trust.plugin.ts':
    'What the public footer shows to earn trust (issue 45, decision 080): state notices and review ratings staff configure, cached here and cleared on every instance by `site-settings.changed`, and the homes-listed count read at most every five minutes and shown from 100 up; `onChange` drops the kept pages.',
  'features/staff/staff-admin.plugin.ts':
    "Repositories and rules of the staff and vendor areas (people: lock, end sessions, records — decision 023; the mail outbox and template previews — 026; report sums by month and product — 029; marketing lists — 034; referrals and licenses — 035; a referrer's invitations, progress and fees — 051).",
  'features/support/support-tickets.plugin.ts':
    "Customers' support tickets and staff's queue: access, states, who handles it, mail both ways (decision 036).",
  'features/texts/texts.plugin.ts':
    "Texts through Twilio (or files in development) behind one service that checks opt-outs before every send and records every text with its status; `texts.sendRespectingQuietHours` and its `texts.send` job hold a text between 9 pm and 8 am in the recipient's zone (docs/decisions/030-texts.md, 044).",
  'features/site-media/site-media.plugin.ts':
    "Site media (issue 45, decision 081): photos staff upload for the public site (the sample work on /photography), checked and sized by the listing photos' `storeCheckedPhoto` and `renderPhoto` in the request; order, publish, delete with the files after the commit.",
  'features/transaction-access/transaction-access.plugin.ts':
    "Transaction access (issue 24): requests from listing pages confirmed by mail, the owners' approval (1–90 days, what is shared), refusal and revocation under the row's lock, the shared view by a capability link checked and logged on every request (docs/decisions/047-transaction-access.md).",
  'features/valuation/valuation-disclaimers.plugin.ts':
    "The disclaimer valuation reports carry per state (decision 062): `forState(state)` answers the fixed sentence and the state's wording, else our default; `set` changes or clears a state with its activity entry in the same transaction.",
  'features/valuation/valuation.plugin.ts':
    'The valuation products (issue 38, decision 063): Free Comps in its order request, a paid report by the `valuation.report` job queued when its invoice is paid, and the `valuation.sweep` job for any a crash lost.',
  'features/webhooks/webhooks.plugin.ts':
    'Outbound webhooks (issue 25): endpoints, `emit` for the services whose events they carry, the `webhook.deliver` job, signing with sealed secrets, the SSRF guard, turning off after 3 days of failures (docs/decisions/053-outbound-webhooks.md).',
  'features/work-orders/work-orders.plugin.ts':
    "Work orders (issue 21): trips to properties for orders, scheduled by the 2 pm cutoff in the property's zone on business days, assigned to staff or field vendors, moved under the row lock; trip charges of failed trips; photographers' hours and the photography appointments customers book (decision 046).",
};

/** Route folder (or top-level file) under apps/api/src/routes → what it serves. */
export const ROUTE_TEXTS: Record<string, string> = {
  'account/': "Password and social sign-in at the spec's paths, the two-step challenge",
  'account/login/': 'The social sign-in providers offered',
  'account/social/': "A social sign-in's attempt (state, nonce) and Apple's form-post callback",
  'password/':
    "Ask for a reset link; the link's older form; `/password/incorrect-link`, where a dead link lands (signed in: Account Settings with the page-load banner, decision 056)",
  'user/': '`POST /user/add-property`',
  'unsubscribe/':
    "`listing-summary.ts`: the weekly listing summary's unsubscribe page (GET asks, POST — its button or RFC 8058 one-click — stops it); signed token, no session, no CSRF check (decision 042)",
  'metrics.ts': '`GET /metrics` (Prometheus) behind `METRICS_TOKEN`',
  'public-pages.ts': 'Pages of the built site whose name is also a folder',
  'listing-pages.ts':
    'The public listing pages filled into the built site: `/current-listings`, `/past-sales`, `/past-listings` (filters, sort, paging, map) and `/listings/:slug`; `/sitemap-listings.xml` from the published rows; `/templates/*` is 404',
  'api/':
    "Health, site settings, session, listings and their public photos, \"Ask a question\" (decision 041), a listing page's beacons (decision 042), newsletter, password reset, map settings, CSP reports; a visitor's showing request and the mailed link's page (decision 043); transaction access requests and the shared view (decision 047); published site media files (decision 081)",
  'api/account/':
    "Account Settings, two-step enrolment, phone, email verification status, the person's API tokens (browser only) and webhook endpoints (decision 053)",
  'api/admin/':
    'The staff area: people, roles, products, orders, invoices, payments and refunds, the MLS review queue and change requests, lockboxes, work orders, shoots, photographers, documents, agent hours, sales imports (decision 058), valuation disclaimers (decision 062), trust and state notices of the public footer (decision 080), site media (decision 081), the mortgage rate of the listing pages’ payment estimate (decision 090), RESO clients (096) and portal feeds (098), reports, lists, email, CRM sync',
  'api/admin/messages/': 'Every message thread, for staff',
  'api/dashboard/':
    "The dashboard's data: menu, overview, property, orders (and the MLS boards covering the county — decision 056), invoices, participants, the property's lockbox rental and work orders, the photography visit (decision 046), the delivered photographs (decision 064), documents, the agent's hours and offers (decision 050)",
  'api/dashboard/fsbo-listing/':
    'The free FSBO listing (issue 19): the listing and its steps, the shared photo routes, the preview, publish and unpublish',
  'api/dashboard/listing/':
    "A public listing's tools for its owners (issue 22): inquiries (041), showings (043), analytics (042), text for info (044), open houses and the flyer (045), transaction access (047), the portals it goes to (098)",
  'api/dashboard/mls-listing/':
    'The MLS listing: location, form, services, photos, payment (decision 031); the agreement and signatures, the live listing, change requests and renewal (decision 032)',
  'api/dashboard/valuation/':
    "The Valuation page (issue 38): the home's facts, whether valuations are offered and why not, every report version, its PDF, making it again (decision 063)",
  'api/geocode/': 'The geocoding proxy (a provider bills each lookup)',
  'api/invitations/':
    'Taking up a property invitation, whether its link still works (decision 056), and a referral invitation (decision 051)',
  'api/messages/': "A customer's message threads",
  'api/places/': 'Address suggestions as the user types',
  'api/stripe/': "Stripe's webhook: raw body, signature checked, no session (decision 020)",
  'api/twilio/':
    "Twilio's webhooks (inbound texts, delivery status): `X-Twilio-Signature` checked, no session, TwiML answers (decision 030); a listing's 5-digit code is answered by a text (decision 044)",
  'api/user/': 'The signed-in user (`GET /api/user`)',
  'api/v1/':
    "The public API's own resources (issue 48), served only under /api/v1 to a token's owner: properties, their services, orders, invoices, messages, listings, photos and webhook endpoints",
  'api/v1/webhook-endpoints/':
    'The token owner’s webhook endpoints (`webhooks:*` scopes): list, add, read, change, delete, a `webhook.test` event sent now, and secret rotation with the old secret signing too for 24 hours (decision 053)',
  'api/vendor/':
    "The vendor area: a field vendor's work orders, a photographer's shoots and hours (064), an agent's properties (050), a concierge's listings (048), a referrer's invitations and fees (051), a settlement vendor's transactions (049)",
  'feeds/':
    "A portal's listing feed, `GET /feeds/{token}.xml` (decision 098): the token is the secret (404 when unknown, rotated or revoked, and never logged), the fetch time recorded, an ETag for If-None-Match",
  'reso/oauth/':
    'OAuth2 client credentials for partners of the RESO Web API (issue 49, decision 096): a form body or HTTP Basic in, a bearer token for an hour out, OAuth JSON errors',
  'reso/odata/':
    'The RESO Web API, read-only (decision 096): a bearer token from /reso/oauth/token, a rate a minute per client, every request logged; the service document, `$metadata`, Property and Media with $select, $filter, $orderby, $top, $skip, $count and paging',
};
