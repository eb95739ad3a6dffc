import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { ANALYTICS_SCRIPT } from '@lantern/domain';
import { scriptHash } from '@lantern/domain/csp';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../env.ts';
import { readBuildManifest } from '../../features/public-site/build-manifest.ts';

/** Where browsers send Content-Security-Policy violation reports (routes/api/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * Security headers on every response — public pages, the SPA shell, JSON and assets alike
 * (issue 12; docs/decisions/013-hardening.md): a Content-Security-Policy that lets only our own
 * scripts run (inline ones by hash, never 'unsafe-inline'), no framing, nosniff, a strict
 * referrer policy, and HSTS when the site is served over https.
 */
export default fp(
  async (app) => {
    await app.register(fastifyHelmet, helmetOptions(app.config));
  },
  { name: 'security-headers', dependencies: ['services'] },
);

/** The one set of header rules, for @fastify/helmet and for the answers before any hook. */
function helmetOptions(config: Config): FastifyHelmetOptions {
  const https = config.publicUrl.protocol === 'https:';
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Our pages open sign-in popups and talk to them; a stricter policy would cut them off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The same headers as a list, for answers Fastify gives before any hook runs (an undecodable
 * URL, a malformed HTTP request; issue 41). They depend only on the config, so they are worked
 * out once, by running helmet against a response that just records them.
 */
export function securityHeaderList(config: Config): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  // @fastify/helmet's types name helmet's CommonJS declarations; the options are the same.
  helmet(helmetOptions(config) as HelmetOptions)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => {},
  );
  return [...headers];
}

export function cspDirectives(config: Config): Record<string, string[]> {
  const self = "'self'";
  const analytics = config.analytics ? origin(config.analytics.scriptUrl) : null;
  const tiles = config.geocoding.tileUrl ? origin(config.geocoding.tileUrl) : null;
  const tokenEndpoint = config.social.microsoft?.tokenEndpoint;
  // Photos on S3 are shown from signed URLs on the store (features/storage/s3.ts, path style).
  const files =
    config.storage.kind === 's3'
      ? (config.storage.publicEndpoint ??
        config.storage.endpoint ??
        `https://s3.${config.storage.region}.amazonaws.com`)
      : null;
  const scripts = [
    self,
    ...(readBuildManifest(config.webDist)?.scriptHashes ?? []),
    ...(config.analytics ? [scriptHash(ANALYTICS_SCRIPT)] : []),
    ...(analytics ? [analytics] : []),
  ];
  return {
    'default-src': [self],
    'script-src': unique(scripts),
    // Leaflet and React set style attributes; styles cannot run code.
    'style-src': [self, "'unsafe-inline'"],
    'img-src': unique([
      self,
      'data:',
      'blob:',
      ...(tiles ? [tiles] : []),
      ...(files ? [new URL(files).origin] : []),
    ]),
    'font-src': [self, 'data:'],
    // 'self' covers our WebSocket; Microsoft's token endpoint is called from the page (PKCE).
    'connect-src': unique([
      self,
      ...(analytics ? [analytics] : []),
      ...(tokenEndpoint ? [origin(tokenEndpoint)] : []),
    ]),
    'object-src': ["'none'"],
    'base-uri': [self],
    'form-action': [self],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    ...(config.publicUrl.protocol === 'https:' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** A URL template's origin as a CSP source; `{s}` subdomains become a wildcard. */
function origin(url: string): string {
  const parsed = new URL(url.replace('{s}.', 'subdomain-placeholder.'));
  return parsed.origin.replace('subdomain-placeholder.', '*.');
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
