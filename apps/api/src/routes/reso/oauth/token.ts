import { singleLineText } from '@lantern/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * POST /reso/oauth/token (issue 49): OAuth2 client credentials (RFC 6749 §4.4) for partners of
 * the RESO Web API. The client authenticates with HTTP Basic or in the form body; errors are
 * OAuth's own JSON (§5.2). Tokens are never cached by anyone on the way (§5.1).
 */
const ZTokenForm = z.object({
  grant_type: singleLineText().max(100).optional(),
  client_id: singleLineText().max(200).optional(),
  client_secret: singleLineText().max(200).optional(),
  scope: singleLineText().max(500).optional(),
});

const FORM_ONLY = 'Send a form body (application/x-www-form-urlencoded).';

const oauthError = (reply: FastifyReply, status: number, error: string, description: string) => {
  if (status === 401) reply.header('www-authenticate', 'Basic realm="reso"');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description });
};

/** HTTP Basic credentials, each part form-decoded as RFC 6749 §2.3.1 asks. */
function basic(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.toLowerCase().startsWith('basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 0) return null;
  try {
    const part = (s: string) => decodeURIComponent(s.replaceAll('+', ' '));
    return { id: part(decoded.slice(0, at)), secret: part(decoded.slice(at + 1)) };
  } catch {
    return null;
  }
}

const tokenRoutes: FastifyPluginAsync = async (app) => {
  // Form bodies are accepted here only (this plugin's scope), as OAuth asks.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) throw error;
    return oauthError(reply, 400, 'invalid_request', FORM_ONLY);
  });

  app.post('/token', { config: { csrfExempt: true, scope: false } }, async (request, reply) => {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      return oauthError(reply, 400, 'invalid_request', FORM_ONLY);
    }
    const form = ZTokenForm.safeParse(request.body ?? {});
    if (!form.success) {
      return oauthError(
        reply,
        400,
        'invalid_request',
        'A field of the form is too long or holds characters a form cannot.',
      );
    }
    if (form.data.grant_type !== 'client_credentials') {
      return oauthError(
        reply,
        400,
        'unsupported_grant_type',
        'Only client_credentials is granted.',
      );
    }
    const fromHeader = basic(request.headers.authorization);
    const id = fromHeader?.id ?? form.data.client_id;
    const secret = fromHeader?.secret ?? form.data.client_secret;
    if (!id || !secret) {
      return oauthError(reply, 401, 'invalid_client', 'Send the client id and secret.');
    }
    const issued = await app.reso.auth.issueToken(id, secret);
    if (!issued) {
      return oauthError(
        reply,
        401,
        'invalid_client',
        'The client id or secret is not right, or the client was revoked.',
      );
    }
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
      access_token: issued.accessToken,
      token_type: 'Bearer',
      expires_in: issued.expiresIn,
    });
  });
};

export default tokenRoutes;
