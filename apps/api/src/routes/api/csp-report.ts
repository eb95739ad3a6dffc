import type { FastifyPluginAsync } from 'fastify';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { redactUrl } from '../../lib/log-redaction.ts';

/**
 * A browser's report is one or two KB (the policy is the longest part); anything over this is
 * not one, and is refused with 413 before it is read (issue 41).
 */
const REPORT_LIMIT = 8 * 1024;
/** Longest reported URL kept in the log line. */
const URL_LIMIT = 200;

interface CspReport {
  'document-uri'?: string;
  'violated-directive'?: string;
  'effective-directive'?: string;
  'blocked-uri'?: string;
}

/**
 * Browsers report Content-Security-Policy violations here (report-uri). Each request is logged
 * as one short warning: a violation on our own pages is a bug to fix (the browser tests fail on
 * one). Anyone may send them, so they are capped in size and throttled per IP (issue 41).
 */
const cspReportRoutes: FastifyPluginAsync = async (app) => {
  // The browser tests read what was reported and fail on any (e2e/tests/fixtures/csp.setup.ts).
  const seen: string[] = [];
  if (app.config.testFixtures) {
    // Test-only (TEST_FIXTURES): the violations reported since the server started.
    app.get('/test-fixtures/csp-violations', { schema: { hide: true } }, async () => ({
      violations: seen,
    }));
  }

  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: REPORT_LIMIT },
    app.getDefaultJsonParser('ignore', 'ignore'),
  );
  app.post(
    '/csp-report',
    {
      // Sent by the browser itself, without our headers; it changes nothing but the log.
      config: { csrfExempt: true },
      bodyLimit: REPORT_LIMIT,
      schema: { tags: ['system'], summary: 'Content-Security-Policy violation reports' },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.cspReports, request.ip))) return reply;
      const reports = reportsIn(request.body);
      const [first] = reports;
      if (first) {
        // One line per request, however many reports it batches: the first, and how many.
        const violation = {
          page: redactUrl(urlOf(first['document-uri'])),
          directive: textOf(first['effective-directive'] ?? first['violated-directive']),
          blocked: redactUrl(urlOf(first['blocked-uri'])),
          ...(reports.length > 1 ? { reports: reports.length } : {}),
        };
        request.log.warn(violation, 'content security policy violation');
        if (app.config.testFixtures && seen.length < 100) seen.push(JSON.stringify(violation));
      }
      return reply.code(204).send();
    },
  );
};

/** `{"csp-report": {...}}` (report-uri) or `[{type, body}]` (the Reporting API). */
function reportsIn(body: unknown): CspReport[] {
  if (Array.isArray(body)) {
    return body
      .map((entry) => (entry as { body?: Record<string, string> })?.body)
      .filter((b): b is Record<string, string> => Boolean(b))
      .map((b) => ({
        'document-uri': b.documentURL,
        'effective-directive': b.effectiveDirective,
        'blocked-uri': b.blockedURL,
      }));
  }
  const report = (body as { 'csp-report'?: CspReport } | null)?.['csp-report'];
  return report ? [report] : [];
}

/** A reported URL without its fragment (where our links keep tokens); 'inline' and the like as sent. */
function urlOf(url: unknown): string {
  if (typeof url !== 'string' || !url) return '';
  try {
    const parsed = new URL(url);
    const kept = `${parsed.origin === 'null' ? '' : parsed.origin}${parsed.pathname}${parsed.search}`;
    return kept.slice(0, URL_LIMIT);
  } catch {
    return url.slice(0, URL_LIMIT);
  }
}

/** A reported field as short text; a report is anyone's JSON, so not always a string. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, URL_LIMIT) : '';
}

export default cspReportRoutes;
