import { ZEnvListSchema } from '@lantern/contracts';
import { z } from 'zod';

/**
 * Replication from an MLS's RESO Web API into the closed sales store (issue 49;
 * docs/decisions/097-mls-replication.md). Off unless every required variable is set.
 */
export interface MlsReplicationConfig {
  /** The configured name; sales are stored under the source `mls:<name>`. */
  name: string;
  source: string;
  /** The service root: `{baseUrl}/Property` is read. */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  /** Sent only to the token URL; never logged or stored. */
  clientSecret: string;
  /** The credit line every replicated sale carries ("Listing data courtesy of …"). */
  attribution: string;
  intervalMs: number;
  /** Statuses asked for besides Closed, so a sale that left Closed is seen and removed. */
  otherStatuses: string[];
  /** true: every sale is model_only whatever its record allows (the licence has no sold display). */
  modelOnly: boolean;
}

const url = z.url({ protocol: /^https?$/ });

export const MLS_RESO_ENV = {
  /** A short name for the MLS (letters, digits, dot, dash, underscore): the source `mls:<name>`. */
  MLS_RESO_NAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, 'MLS_RESO_NAME is 1–40 letters, digits, dots, dashes.')
    .optional(),
  MLS_RESO_BASE_URL: url.optional(),
  MLS_RESO_TOKEN_URL: url.optional(),
  MLS_RESO_CLIENT_ID: z.string().trim().min(1).optional(),
  MLS_RESO_CLIENT_SECRET: z.string().min(1).optional(),
  MLS_RESO_ATTRIBUTION: z.string().trim().min(1).max(300).optional(),
  /** How often a run starts. */
  MLS_RESO_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  MLS_RESO_OTHER_STATUSES: ZEnvListSchema,
  MLS_RESO_MODEL_ONLY: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
};

const mlsEnv = z.object(MLS_RESO_ENV);
type MlsEnv = z.infer<typeof mlsEnv>;

/**
 * RESO Data Dictionary statuses a closed record can move to. Multi-word lookups ("Active Under
 * Contract") are spelled differently by different servers, so they are left to the setting.
 */
export const DEFAULT_OTHER_STATUSES = [
  'Active',
  'Pending',
  'Canceled',
  'Withdrawn',
  'Expired',
  'Hold',
  'Delete',
];

const REQUIRED = [
  'MLS_RESO_NAME',
  'MLS_RESO_BASE_URL',
  'MLS_RESO_TOKEN_URL',
  'MLS_RESO_CLIENT_ID',
  'MLS_RESO_CLIENT_SECRET',
  'MLS_RESO_ATTRIBUTION',
] as const;

/** The replication's settings, undefined when off; some but not all set is a mistake, refused. */
export function mlsReplicationConfig(env: MlsEnv): MlsReplicationConfig | undefined {
  const missing = REQUIRED.filter((k) => !env[k]);
  if (missing.length === REQUIRED.length) return undefined;
  if (missing.length > 0)
    throw new Error(`MLS replication: set ${missing.join(', ')} too, or none of MLS_RESO_*.`);
  const name = env.MLS_RESO_NAME as string;
  return {
    name,
    source: `mls:${name}`,
    baseUrl: (env.MLS_RESO_BASE_URL as string).replace(/\/+$/, ''),
    tokenUrl: env.MLS_RESO_TOKEN_URL as string,
    clientId: env.MLS_RESO_CLIENT_ID as string,
    clientSecret: env.MLS_RESO_CLIENT_SECRET as string,
    attribution: env.MLS_RESO_ATTRIBUTION as string,
    intervalMs: env.MLS_RESO_INTERVAL_MINUTES * 60_000,
    otherStatuses: env.MLS_RESO_OTHER_STATUSES.length
      ? env.MLS_RESO_OTHER_STATUSES
      : DEFAULT_OTHER_STATUSES,
    modelOnly: env.MLS_RESO_MODEL_ONLY,
  };
}
