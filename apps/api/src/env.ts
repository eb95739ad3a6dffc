import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ZEnvListSchema } from '@lantern/contracts';
import { type AnalyticsSettings, analyticsSettings, SUPPORT_PAGES } from '@lantern/domain';
import { z } from 'zod';
import { SOCIAL_ENV, type SocialConfig, socialConfig } from './features/account/oidc/config.ts';
import { dealStages, type HubSpotConfig } from './features/crm/config.ts';
import {
  MLS_RESO_ENV,
  type MlsReplicationConfig,
  mlsReplicationConfig,
} from './features/mls-replication/config.ts';
import type { StorageConfig } from './features/storage/index.ts';
import {
  GEOCODING_ENV,
  type GeocodingConfig,
  geocodingConfig,
  NO_TILES_WARNING,
} from './lib/geocoder-config.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const list = ZEnvListSchema;

/** Every setting the server reads, validated once at start-up. Nothing else reads process.env. */
export const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters.').optional(),
  SITE_NAME: z.string().min(1).default('Lantern'),
  SUPPORT_PHONE: z.string().default('(800) 555-0149'),
  BROKERAGE_LICENSES: list,
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set behind a reverse proxy (infra/) so client IPs come from X-Forwarded-For; never when exposed directly. */
  TRUST_PROXY: bool,
  /** Sign-ups allowed per IP address per hour. */
  SIGNUPS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Lifts the sign-in throttle and sign-up limit; for benchmarks only, refused in production. */
  DISABLE_RATE_LIMITS: bool,
  /** The dashboard's header special-instruction banner (HTML, sanitized before it is served). */
  HEADER_SPECIAL_INSTRUCTION: z.string().optional(),
  /** Issue 17: how to pay an invoice by check or bank transfer, shown on every open invoice. */
  PAYMENT_INSTRUCTIONS: z.string().trim().max(2000).optional(),
  /** Issue 17: card payments through Stripe Checkout; both or neither (docs/decisions/020-payments.md). */
  STRIPE_SECRET_KEY: z.string().min(10).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(10).optional(),
  /** Another Stripe API address (tests point the SDK at a local fixture server). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The investor flag: when set, the dashboard sidebar links here ('Interested in investing in …?'). */
  INVESTOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Analytics (Plausible) in the dashboard shell too; the public site reads them at build time. */
  PLAUSIBLE_DOMAIN: z.string().trim().optional(),
  PLAUSIBLE_SCRIPT_URL: z.url({ protocol: /^https$/ }).optional(),
  /** Test-only routes that create fixtures (e2e); refused in production. */
  TEST_FIXTURES: bool,
  /**
   * Issue 25: webhook endpoints may be http:// and private, loopback or link-local addresses.
   * On outside production (a receiver on this machine); in production only when set (an
   * on-premises receiver). docs/decisions/053-outbound-webhooks.md.
   */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  /** An OpenTelemetry collector's base address (OTLP over HTTP): traces are sent there. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional(),
  /** smtp://user:pass@host:port or smtps://…; unset: mails are written to DATA_DIR/mail and logged. */
  MAIL_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From header of every mail, e.g. `"Lantern" <hello@example.com>`. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * Issue 22: replies to relayed mail (a buyer's question, the seller's answer) come back to
   * r+{token}@ this domain, whose MX points at the inbound listener. Unset: relayed mails carry
   * no reply address and say to answer in the dashboard or on the listing page.
   */
  MAIL_REPLY_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'MAIL_REPLY_DOMAIN is a domain name, like replies.example.com.',
    )
    .optional(),
  /** The inbound SMTP listener for those replies (smtp-server): off unless a port is given. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().optional(),
  /** How often the job runner looks for due and scheduled jobs (mail retries among them); 0 turns the timer off. */
  JOBS_POLL_SECONDS: z.coerce.number().int().min(0).default(15),
  /** After SIGTERM/SIGINT, how long requests in flight may take before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /** false: this instance runs no jobs (others do); it still enqueues them. */
  JOBS_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** The business day of the admin home's "today" figures (an IANA time zone). */
  BUSINESS_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine(validTimeZone, 'BUSINESS_TIME_ZONE must be an IANA time zone, like America/New_York.'),
  /**
   * Issue 22: the business's postal address, printed in every marketing mail (the weekly listing
   * summary), as the CAN-SPAM Act asks; unset, no marketing mail is sent.
   */
  BUSINESS_POSTAL_ADDRESS: z.string().trim().min(1).max(500).optional(),
  /** Texts (issue 8) go through Twilio when these three are set; otherwise to DATA_DIR/texts. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID starts with AC and 32 hex digits.')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  /** The sending number in E.164 (+1…) or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'TWILIO_FROM is a +E.164 number or an MG… Messaging Service SID.',
    )
    .optional(),
  TWILIO_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  /** Issue 20: customers and orders are pushed to HubSpot when this private-app token is set. */
  HUBSPOT_TOKEN: z
    .string()
    .trim()
    .min(10, 'HUBSPOT_TOKEN is a HubSpot private-app token.')
    .optional(),
  HUBSPOT_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.hubapi.com'),
  /** The deal pipeline orders go into, and stage ids by order status (features/crm/deal.ts). */
  HUBSPOT_DEAL_PIPELINE: z.string().trim().min(1).default('default'),
  HUBSPOT_DEAL_STAGES: z.string().trim().optional(),
  /**
   * Where the built public site is; defaults to apps/web/dist (a copy lets a test run survive a
   * new build). Its client/ folder holds the prerendered files, server/entry.mjs the on-demand pages.
   */
  WEB_DIST: z.string().min(1).optional(),
  /** Issue 16: uploaded files go to this S3-compatible bucket when set; otherwise DATA_DIR/files. */
  S3_BUCKET: z.string().trim().min(3).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Another S3-compatible store (MinIO, R2, …); unset: AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Where browsers reach the store, when not at S3_ENDPOINT (a store inside a private network,
   * published through the proxy): signed photo links are made for this address.
   */
  S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Unset: the SDK's own chain (instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Social sign-in providers: features/account/oidc/config.ts. */
  ...SOCIAL_ENV,
  /** Geocoding provider, its limits and the pin map's tiles: lib/geocoder-config.ts. */
  ...GEOCODING_ENV,
  /** Replication from an MLS's RESO Web API: features/mls-replication/config.ts. */
  ...MLS_RESO_ENV,
});

export type Env = z.infer<typeof ZEnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  siteName: string;
  supportPhone: string;
  brokerageLicenses: string[];
  publicUrl: URL;
  logLevel: Env['LOG_LEVEL'];
  rateLimits: boolean;
  trustProxy: boolean;
  signUpsPerHour: number;
  /** SMTP URL, or undefined to write mails to `${dataDir}/mail` (services/mail). */
  mailUrl: string | undefined;
  mailFrom: string;
  /** The relay's reply domain (MAIL_REPLY_DOMAIN), or undefined: relayed mail has no reply address. */
  mailReplyDomain: string | undefined;
  /** The inbound SMTP listener (INBOUND_SMTP_PORT, _HOST), or undefined: not started. */
  inboundSmtp: { port: number; host: string } | undefined;
  /** Twilio settings, or undefined to write texts to `${dataDir}/texts` (services/texts). */
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined;
  /** HubSpot settings, or undefined: nothing is pushed to a CRM (services/crm). */
  hubspot: HubSpotConfig | undefined;
  /** The MLS whose RESO Web API is replicated into the closed sales store, or undefined: off. */
  mlsReplication: MlsReplicationConfig | undefined;
  /** features/jobs/runner.ts: 0 leaves due jobs to the next enqueue or restart. */
  jobsPollMs: number;
  /** SHUTDOWN_GRACE_SECONDS in ms: server.ts cuts what is still in flight then. */
  shutdownGraceMs: number;
  /** Whether this instance runs jobs (JOBS_WORKER). */
  jobsWorker: boolean;
  /** IANA time zone of the business day (admin home figures). */
  businessTimeZone: string;
  /** BUSINESS_POSTAL_ADDRESS: printed in marketing mail; undefined sends none. */
  businessPostalAddress: string | undefined;
  headerSpecialInstruction: string | undefined;
  /** Shown on open invoices: PAYMENT_INSTRUCTIONS, or a default naming only what we know. */
  paymentInstructions: string;
  /** Stripe settings, or undefined: no card payments, only check and transfer. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  investorUrl: string | undefined;
  /** 'Open Support Ticket' in the dashboard's user-area dropdown (the external links file). */
  supportTicketUrl: string;
  /** The analytics provider for the dashboard shell, or null to send nothing. */
  analytics: AnalyticsSettings | null;
  testFixtures: boolean;
  /** Webhook endpoints may be http:// and private or local addresses (SSRF guard off). */
  webhookAllowPrivateAddresses: boolean;
  /** Configured social sign-in providers; an absent one is not offered. */
  social: SocialConfig;
  /** Geocoder, geocoding rate limits and map tiles. */
  geocoding: GeocodingConfig;
  /** Built front ends; absent folders are simply not served (API-only tests). */
  webDist: string;
  /** The public site's on-demand pages (Astro's server entry); absent, they are 404s. */
  webServerEntry: string;
  dashboardDist: string;
  /** Where traces go (OTLP/HTTP); unset, nothing is traced. */
  otlpEndpoint: string | undefined;
  /** GET /metrics is on, behind this bearer token; unset, it is a 404. */
  metricsToken: string | undefined;
  /** Where uploaded files live (services/storage): S3 when S3_BUCKET is set, else DATA_DIR/files. */
  storage: StorageConfig;
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

export interface LoadedConfig {
  config: Config;
  warnings: string[];
}

/** Parse the environment into Config. Throws a readable error listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const env = parseEnv(source);
  const warnings: string[] = [];
  const dataDir = resolve(repoRoot, env.DATA_DIR);
  let sessionSecret = env.SESSION_SECRET;
  if (!sessionSecret) {
    sessionSecret = persistedSecret(dataDir);
    warnings.push(
      `SESSION_SECRET is not set; using the one kept in ${join(dataDir, 'session-secret')}. Set SESSION_SECRET (the same on every instance) in production.`,
    );
  }
  checkCombinations(env);
  if (env.NODE_ENV === 'production' && env.MAP_TILE_URL === undefined) {
    warnings.push(NO_TILES_WARNING);
  }
  const hubspot = hubspotConfig(env);
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.');
  }
  if (env.TEST_FIXTURES && env.NODE_ENV === 'production') {
    throw new Error('TEST_FIXTURES cannot be used in production.');
  }
  return {
    warnings,
    config: buildConfig(env, { dataDir, sessionSecret, hubspot }),
  };
}

/** The environment checked against its schema, an empty variable counting as unset. */
function parseEnv(source: NodeJS.ProcessEnv): Env {
  // An empty variable means "not set" (shells and CI often export VAR= to clear one).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = ZEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Variables that only work together, and switches refused in production. */
function checkCombinations(env: Env) {
  if (env.INBOUND_SMTP_PORT !== undefined && !env.MAIL_REPLY_DOMAIN) {
    throw new Error(
      'INBOUND_SMTP_PORT receives replies to MAIL_REPLY_DOMAIN: set MAIL_REPLY_DOMAIN too.',
    );
  }
  if (env.DISABLE_RATE_LIMITS && env.NODE_ENV === 'production') {
    throw new Error('DISABLE_RATE_LIMITS cannot be used in production.');
  }
  const twilioSet = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(
    Boolean,
  );
  if (twilioSet.length > 0 && twilioSet.length < 3) {
    throw new Error('Set all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, or none.');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither.');
  }
}

function hubspotConfig(env: Env): Config['hubspot'] {
  return env.HUBSPOT_TOKEN
    ? {
        token: env.HUBSPOT_TOKEN,
        baseUrl: env.HUBSPOT_API_BASE,
        pipeline: env.HUBSPOT_DEAL_PIPELINE,
        stages: dealStages(env.HUBSPOT_DEAL_STAGES),
      }
    : undefined;
}

interface Derived {
  dataDir: string;
  sessionSecret: string;
  hubspot: Config['hubspot'];
}

/** The checked environment as the server's Config. */
function buildConfig(env: Env, { dataDir, sessionSecret, hubspot }: Derived): Config {
  const webBuild = env.WEB_DIST ? resolve(env.WEB_DIST) : join(repoRoot, 'apps', 'web', 'dist');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    sessionSecret,
    siteName: env.SITE_NAME,
    supportPhone: env.SUPPORT_PHONE,
    brokerageLicenses: env.BROKERAGE_LICENSES,
    publicUrl: new URL(env.PUBLIC_URL),
    logLevel: env.LOG_LEVEL,
    rateLimits: !env.DISABLE_RATE_LIMITS,
    trustProxy: env.TRUST_PROXY,
    signUpsPerHour: env.SIGNUPS_PER_HOUR,
    mailUrl: env.MAIL_URL,
    mailReplyDomain: env.MAIL_REPLY_DOMAIN,
    inboundSmtp:
      env.INBOUND_SMTP_PORT === undefined
        ? undefined
        : { port: env.INBOUND_SMTP_PORT, host: env.INBOUND_SMTP_HOST ?? env.HOST },
    mailFrom: env.MAIL_FROM ?? `"${env.SITE_NAME}" <no-reply@${new URL(env.PUBLIC_URL).hostname}>`,
    jobsPollMs: env.JOBS_POLL_SECONDS * 1000,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    jobsWorker: env.JOBS_WORKER,
    businessTimeZone: env.BUSINESS_TIME_ZONE,
    businessPostalAddress: env.BUSINESS_POSTAL_ADDRESS,
    twilio: twilioConfig(env),
    hubspot,
    mlsReplication: mlsReplicationConfig(env),
    headerSpecialInstruction: env.HEADER_SPECIAL_INSTRUCTION,
    stripe: stripeConfig(env),
    paymentInstructions:
      env.PAYMENT_INSTRUCTIONS ??
      `Pay by check made out to ${env.SITE_NAME}, or by bank transfer. Write the invoice number on the check or in the transfer's reference. Call ${env.SUPPORT_PHONE} for our mailing address and bank details.`,
    investorUrl: env.INVESTOR_URL,
    analytics: analyticsSettings(env),
    supportTicketUrl: SUPPORT_PAGES.tickets,
    testFixtures: env.TEST_FIXTURES,
    webhookAllowPrivateAddresses:
      env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ?? env.NODE_ENV !== 'production',
    metricsToken: env.METRICS_TOKEN,
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    social: socialConfig(env),
    geocoding: geocodingConfig(env, env.NODE_ENV === 'production'),
    webDist: join(webBuild, 'client'),
    webServerEntry: join(webBuild, 'server', 'entry.mjs'),
    dashboardDist: join(repoRoot, 'apps', 'dashboard', 'dist'),
    storage: storageConfig(env, dataDir),
  };
}

function twilioConfig(env: Env): Config['twilio'] {
  return env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
    ? {
        accountSid: env.TWILIO_ACCOUNT_SID,
        authToken: env.TWILIO_AUTH_TOKEN,
        from: env.TWILIO_FROM,
        baseUrl: env.TWILIO_API_BASE,
      }
    : undefined;
}

function stripeConfig(env: Env): Config['stripe'] {
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
      }
    : undefined;
}

function storageConfig(env: Env, dataDir: string): Config['storage'] {
  return env.S3_BUCKET
    ? {
        kind: 's3',
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        publicEndpoint: env.S3_PUBLIC_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      }
    : { kind: 'local', root: join(dataDir, 'files') };
}

/** Generated once and kept in DATA_DIR, so a fresh `pnpm start` works and restarts keep sessions. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
