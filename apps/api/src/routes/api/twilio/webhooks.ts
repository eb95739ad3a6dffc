import {
  listingTextCodeOf,
  MESSAGES,
  showingReplyOf,
  ZTwilioInboundSchema,
  ZTwilioStatusQuerySchema,
  ZTwilioStatusSchema,
} from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type FormParams,
  parseForm,
  verifyTwilioSignature,
} from '../../../features/texts/signature.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';

/** Twilio's TwiML (XML, escaped as HTML is): nothing to do, or one reply text whose delivery Twilio reports to `action`. */
function twiml(reply: { text: string; action: string | undefined } | null): string {
  const body = reply
    ? `<Message${reply.action ? ` action="${escapeHtml(reply.action)}" method="POST"` : ''}>${escapeHtml(reply.text)}</Message>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;
}

/**
 * Twilio's webhooks (issue 20; docs/decisions/030-texts.md): inbound texts at
 * POST /api/twilio/messages and delivery status callbacks at POST /api/twilio/status. Both are
 * form posts signed with X-Twilio-Signature over PUBLIC_URL's origin + the path and query Twilio
 * called + the sorted parameters; an unsigned or altered request is refused with 403 before its
 * fields are even read. No session, so no CSRF check; not in the activity log (no person made
 * the change; the texts are their own record). Without Twilio configured both answer 404.
 */
const twilioWebhooks: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, parseForm(String(body))),
  );

  /** Off without Twilio; refused unless Twilio signed exactly this URL and these parameters. */
  async function signedByTwilio(request: FastifyRequest, reply: FastifyReply) {
    const twilio = app.config.twilio;
    if (!twilio) return reply.code(404).send({ message: MESSAGES.notFound });
    const signature = request.headers['x-twilio-signature'];
    const url = `${app.config.publicUrl.origin}${request.url}`;
    const params = (request.body ?? {}) as FormParams;
    if (
      typeof params !== 'object' ||
      !verifyTwilioSignature(
        twilio.authToken,
        typeof signature === 'string' ? signature : undefined,
        url,
        params,
      )
    ) {
      request.log.warn('Twilio webhook with a missing or wrong signature refused');
      return reply.code(403).send({ message: 'The signature does not verify.' });
    }
  }

  const common = {
    config: { csrfExempt: true, audit: false },
    preValidation: signedByTwilio,
  } as const;

  app.post(
    '/messages',
    {
      ...common,
      schema: {
        tags: ['texts'],
        summary: 'Inbound texts from Twilio (signed); answers TwiML. Not for browsers',
        hide: true,
        body: ZTwilioInboundSchema,
      },
    },
    async (request, reply) => {
      // A listing's 5-digit code (issue 22, text for info) is answered by a text of its own; an
      // owner's "YES 123" / "NO 123" answers showing request 123.
      const code = listingTextCodeOf(request.body.Body);
      const showingReply = code ? null : showingReplyOf(request.body.Body);
      const received = await app.texts.receive(
        request.body,
        code ? { kind: 'listing_keyword' } : showingReply ? { kind: 'showing_reply' } : {},
      );
      // Only a new MessageSid acts: a replay (null) must not text anyone again.
      if (received && code && !received.reply) {
        await app.textForInfo.codeTexted({
          textId: received.textId,
          from: request.body.From,
          code,
        });
      }
      if (received && showingReply && !received.reply) {
        await app.showings.textedReply({
          textId: received.textId,
          from: request.body.From,
          ...showingReply,
        });
      }
      const answer = received?.reply;
      return reply
        .type('text/xml')
        .send(twiml(answer ? { text: answer.text, action: answer.statusCallback } : null));
    },
  );

  app.post(
    '/status',
    {
      ...common,
      schema: {
        tags: ['texts'],
        summary: 'Delivery status of a text we sent, from Twilio (signed). Not for browsers',
        hide: true,
        querystring: ZTwilioStatusQuerySchema,
        body: ZTwilioStatusSchema,
      },
    },
    async (request, reply) => {
      const outcome = await app.texts.status(request.body, request.query.text);
      if (outcome !== 'updated') {
        request.log.info(
          { sid: request.body.MessageSid, status: request.body.MessageStatus, outcome },
          'Twilio status callback changed nothing',
        );
      }
      return reply.type('text/xml').send(twiml(null));
    },
  );
};

export default twilioWebhooks;
