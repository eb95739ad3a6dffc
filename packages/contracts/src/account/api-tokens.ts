import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * Personal access tokens for the public API (issue 25; docs/decisions/052-public-api-and-tokens.md).
 * A scope is an area and a level: `properties:read`, `orders:write`… A write scope also allows
 * reading its area. `staff:*` is offered to staff only, `vendor:*` to vendors only.
 */
export const API_SCOPE_AREAS = [
  'properties',
  'listings',
  'orders',
  'messages',
  // Webhook endpoints through the API (issue 48); the browser's Account Settings needs none.
  'webhooks',
  'staff',
  'vendor',
] as const;
export type TApiScopeArea = (typeof API_SCOPE_AREAS)[number];
export const API_SCOPES = API_SCOPE_AREAS.flatMap((area) => [
  `${area}:read` as const,
  `${area}:write` as const,
]);
export type TApiScope = `${TApiScopeArea}:${'read' | 'write'}`;

/** What each area covers, in the words Account Settings and the API guide use. */
export const API_SCOPE_AREA_LABELS: Record<TApiScopeArea, string> = {
  properties: 'Properties (details, people, documents, work orders)',
  listings: 'Listings (MLS and FSBO listings and their tools)',
  orders: 'Orders and invoices',
  messages: 'Messages and support tickets',
  webhooks: 'Webhook endpoints (add, change, test, rotate secrets)',
  staff: 'Staff area',
  vendor: 'Vendor area',
};

/** The longest a token may live, and the choices Account Settings offers. */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;
/** Live tokens one person may hold. */
export const API_TOKENS_PER_USER = 25;
/** Requests per token per window (the `RateLimit-*` headers report it). */
export const API_TOKEN_RATE_LIMIT = { max: 600, windowSeconds: 60 } as const;
/** Every token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_TOKEN_PREFIX = 'lnt_';
/** The current public API version: its URL prefix and the `API-Version` header of every answer. */
export const API_VERSION = 'v1';

export const API_TOKEN_TEXTS = {
  nameRequired: 'Give the token a name, like “Back office”.',
  scopesRequired: 'Choose at least one scope.',
  scopeNotOffered: (scope: string) => `Your account cannot grant the scope ${scope}.`,
  tooMany: `You already have ${API_TOKENS_PER_USER} tokens. Revoke one you no longer use first.`,
  expiry: `A token can live from 1 to ${API_TOKEN_MAX_DAYS} days.`,
  needsScope: (scope: string) => `This token lacks the scope ${scope} that this request needs.`,
  notOnApi: 'This token cannot be used for this request.',
  revoked: 'Token revoked.',
} as const;

export const ZApiScopeSchema = z.enum(API_SCOPES as [TApiScope, ...TApiScope[]]);

export const ZApiTokenCreateSchema = z.object({
  name: singleLineText()
    .trim()
    .min(1, API_TOKEN_TEXTS.nameRequired)
    .max(100, 'Keep the name under 100 characters.'),
  scopes: z
    .array(ZApiScopeSchema)
    .min(1, API_TOKEN_TEXTS.scopesRequired)
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z.coerce
    .number({ error: API_TOKEN_TEXTS.expiry })
    .int(API_TOKEN_TEXTS.expiry)
    .min(1, API_TOKEN_TEXTS.expiry)
    .max(API_TOKEN_MAX_DAYS, API_TOKEN_TEXTS.expiry),
});
export type TApiTokenCreate = z.input<typeof ZApiTokenCreateSchema>;

export const ZApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart; never the whole token. */
  prefix: z.string(),
  scopes: z.array(ZApiScopeSchema),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiTokenSchema>;

export const ZApiTokenListSchema = z.object({
  tokens: z.array(ZApiTokenSchema),
  /** The scopes this person may grant (by their role). */
  offered: z.array(ZApiScopeSchema),
});
export type TApiTokenList = z.infer<typeof ZApiTokenListSchema>;

/** The answer to a new token: the only time the token itself is shown. */
export const ZApiTokenCreatedSchema = z.object({
  token: z.string(),
  apiToken: ZApiTokenSchema,
});
export type TApiTokenCreated = z.infer<typeof ZApiTokenCreatedSchema>;

export const ZApiTokenParamsSchema = z.object({ id: z.coerce.number().int().positive() });
