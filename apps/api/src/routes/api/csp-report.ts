import type { FastifyPluginAsync } from 'fastify';
import { redactUrl } from '../../lib/log-redaction.ts';

/** A report is small; anything larger is not a browser's report. */
const REPORT_LIMIT = 16 * 1024;

interface CspReport {
  'document-uri'?: string;
  'violated-directive'?: string;
  'effective-directive'?: string;
  'blocked-uri'?: string;
}

/**
 * Browsers report Content-Security-Policy violations here (report-uri). Each is logged as a
 * warning: a violation on our own pages is a bug to fix (the browser tests fail on one).
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
      for (const report of reportsIn(request.body)) {
        const violation = {
          page: redactUrl(urlOf(report['document-uri'])),
          directive: report['effective-directive'] ?? report['violated-directive'],
          blocked: redactUrl(urlOf(report['blocked-uri'])),
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
function urlOf(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return `${parsed.origin === 'null' ? '' : parsed.origin}${parsed.pathname}${parsed.search}`;
  } catch {
    return url.slice(0, 200);
  }
}

export default cspReportRoutes;
