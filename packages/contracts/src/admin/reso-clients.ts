import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * Admin → Listing partners (issue 49; docs/decisions/096): OAuth2 clients of the RESO Web API
 * at /reso/odata. The secret is shown once, at creation; staff revoke a client, never edit its
 * secret. Every request a client makes is logged and readable here.
 */
export const RESO_CLIENT_RESOURCES = ['Property', 'Media'] as const;
export type TResoClientResource = (typeof RESO_CLIENT_RESOURCES)[number];

export const RESO_CLIENT_TEXTS = {
  name: 'Enter the partner’s name, up to 100 characters.',
  resources: 'Choose at least one resource the partner may read.',
  rateLimit: 'Enter how many requests a minute it may make: a whole number from 1 to 10,000.',
  alreadyRevoked: 'This partner’s access was already revoked.',
} as const;

/** The fewest and most requests a minute a client may be given. */
export const RESO_RATE_LIMIT_RANGE = { min: 1, max: 10_000, default: 600 } as const;

export const ZResoClientCreateSchema = z.object({
  name: singleLineText({ error: RESO_CLIENT_TEXTS.name })
    .trim()
    .min(1, RESO_CLIENT_TEXTS.name)
    .max(100, RESO_CLIENT_TEXTS.name),
  resources: z
    .array(z.enum(RESO_CLIENT_RESOURCES, { error: RESO_CLIENT_TEXTS.resources }), {
      error: RESO_CLIENT_TEXTS.resources,
    })
    .min(1, RESO_CLIENT_TEXTS.resources)
    .max(RESO_CLIENT_RESOURCES.length, RESO_CLIENT_TEXTS.resources)
    .refine((l) => new Set(l).size === l.length, RESO_CLIENT_TEXTS.resources),
  rateLimitPerMinute: z
    .number({ error: RESO_CLIENT_TEXTS.rateLimit })
    .int(RESO_CLIENT_TEXTS.rateLimit)
    .min(RESO_RATE_LIMIT_RANGE.min, RESO_CLIENT_TEXTS.rateLimit)
    .max(RESO_RATE_LIMIT_RANGE.max, RESO_CLIENT_TEXTS.rateLimit),
});
export type TResoClientCreate = z.infer<typeof ZResoClientCreateSchema>;

export const ZResoClientSchema = z.object({
  hash: z.string(),
  name: z.string(),
  clientId: z.string(),
  resources: z.array(z.enum(RESO_CLIENT_RESOURCES)),
  rateLimitPerMinute: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TResoClient = z.infer<typeof ZResoClientSchema>;

export const ZResoClientsSchema = z.object({
  clients: z.array(ZResoClientSchema),
  /** Where partners point their RESO client: the service root and the token endpoint. */
  serviceUrl: z.string(),
  tokenUrl: z.string(),
});

/** Answered once, at creation: the secret is not kept in a form anyone can read back. */
export const ZResoClientCreatedSchema = z.object({
  client: ZResoClientSchema,
  clientSecret: z.string(),
});

export const ZResoClientParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });

export const ZResoClientRequestsSchema = z.object({
  requests: z.array(
    z.object({
      at: z.string(),
      url: z.string(),
      status: z.number().int(),
      records: z.number().int(),
    }),
  ),
  /** Requests in the last 24 hours. */
  lastDay: z.number().int(),
});
