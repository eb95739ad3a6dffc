// Everything zod-free the apps share (docs/decisions/073-contracts-and-domain.md). The CSP and the
// common-password list are subpaths only: one needs node:crypto, the other is a large dictionary.
export * from './admin/api.ts';
export * from './admin/mls-board-texts.ts';
export * from './admin/referral-statuses.ts';
export * from './admin/site-media.ts';
export * from './agent/agent-pages.ts';
export * from './analytics.ts';
export {
  type AnswerSchema,
  type ApiClient,
  ApiError,
  createApiClient,
  type RequestOptions,
  type UploadOptions,
} from './api-client.ts';
export * from './dashboard/area-preloads.ts';
export * from './dashboard/paths.ts';
export * from './documents/document-pages.ts';
export * from './documents/document-rules.ts';
export * from './http/action-keys.ts';
export * from './http/error-response.ts';
export * from './listing-tools/inquiry-texts.ts';
export * from './listing-tools/lead-spam.ts';
export * from './listing-tools/listing-beacons.ts';
export * from './listing-tools/listing-tabs.ts';
export * from './listing-tools/open-house-label.ts';
export * from './listing-tools/showing-rules.ts';
export * from './listing-tools/transaction-access-rules.ts';
export * from './listings/concierge-pages.ts';
export * from './listings/fsbo-listing-paths.ts';
export * from './listings/fsbo-listing-rules.ts';
export * from './listings/fsbo-listing-steps.ts';
export * from './listings/fsbo-listing-texts.ts';
export * from './listings/mls-listing-pages.ts';
export * from './listings/mls-listing-paths.ts';
export * from './listings/mls-listing-steps.ts';
export * from './listings/mls-listing-texts.ts';
export * from './listings/remarks.ts';
export * from './lockboxes/lockbox-pages.ts';
export * from './lockboxes/lockbox-states.ts';
export * from './network-error.ts';
export * from './orders/money.ts';
export * from './participants/participant-pages.ts';
export * from './paths.ts';
export * from './products/service-slugs.ts';
export * from './property/plain-text.ts';
export * from './realtime/channels.ts';
export * from './referrals/referral-pages.ts';
export * from './roles.ts';
export * from './settlement/cda-arithmetic.ts';
export * from './settlement/settlement-pages.ts';
export * from './settlement/settlement-states.ts';
export * from './site.ts';
export * from './staff/vendor-kinds.ts';
export * from './support/support-pages.ts';
export * from './support/ticket-states.ts';
export * from './time/calendar-date.ts';
export * from './valuation/valuation-page-texts.ts';
export * from './work-orders/work-order-pages.ts';
export * from './work-orders/work-order-states.ts';
export * from './zoned-time.ts';
