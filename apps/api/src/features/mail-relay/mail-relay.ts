import { withoutControlCharacters } from '@lantern/contracts';
import EmailReplyParser from 'email-reply-parser';
import {
  parseRelayAddress,
  type RelayParsed,
  type RelayTarget,
  relayAddress,
} from './relay-address.ts';

/** A mail the inbound listener received for one of our relay addresses. */
export interface InboundMail {
  /** The relay address it was sent to. */
  to: string;
  /** The envelope sender's address (MAIL FROM), or '' for a bounce. */
  from: string;
  messageId: string | null;
  /** The plain text (mailparser makes one from HTML-only mail). */
  text: string;
  /** RFC 3834 Auto-Submitted, when present ("auto-replied", "auto-generated"…). */
  autoSubmitted: string | null;
}

/** What a thread's owner is handed: who wrote back, and what they wrote above the quote. */
export interface RelayedReply<T extends RelayTarget = RelayTarget> {
  target: T;
  from: string;
  messageId: string | null;
  body: string;
}

export type RelayHandled = { ok: true; duplicate: boolean } | { ok: false; reason: string };

export type InboundOutcome =
  | { ok: true; thread: RelayTarget['thread']; id: number; duplicate: boolean }
  | { ok: false; reason: string };

type Thread = RelayTarget['thread'];
type Handler<K extends Thread> = {
  /** The longest message the thread keeps; a longer reply is cut with an ellipsis. */
  maxLength: number;
  handle: (reply: RelayedReply<Extract<RelayTarget, { thread: K }>>) => Promise<RelayHandled>;
};

/** The reply a person wrote, without the quoted mail below it, at most `max` characters. */
export function visibleReply(text: string, max: number): string {
  const reply = new EmailReplyParser().parseReply(text.replace(/\r\n?/g, '\n'));
  const trimmed = withoutControlCharacters(reply, true).trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1).trimEnd()}…` : trimmed;
}

/**
 * The mail relay (issue 22; docs/decisions/041): the Reply-To addresses our mails carry, and the
 * replies that come back to them, each handed to the thread it names (a buyer's question, a
 * support ticket). Dropped, with the reason for the log: a bad or expired address, a bounce or an
 * automatic reply (RFC 3834; relaying those would loop), nothing written above the quote.
 */
export function createMailRelay(deps: {
  /** Keys the addresses (SESSION_SECRET). */
  secret: string;
  /** MAIL_REPLY_DOMAIN, or undefined: mails carry no reply address and replies are not taken. */
  domain: string | undefined;
}) {
  const { domain } = deps;
  const handlers: { [K in Thread]?: Handler<K> } = {};

  const recipient = (address: string, now = new Date()): RelayParsed =>
    domain
      ? parseRelayAddress(deps.secret, domain, address, now)
      : { ok: false, reason: 'not-ours' };

  return {
    /** Whether replies by mail work (a reply domain is set). */
    enabled: !!domain,

    /** `{ replyTo }` for a mail to `target`'s side, or nothing without a reply domain. */
    replyTo: (target: RelayTarget): { replyTo?: string } =>
      domain ? { replyTo: relayAddress(deps.secret, domain, target) } : {},

    /** A thread kind's handler (registered by the plugin of the service that owns it). */
    handle<K extends Thread>(thread: K, handler: Handler<K>): void {
      (handlers as Record<K, Handler<K>>)[thread] = handler;
    },

    /** Whether the listener should take mail for this address (RCPT TO). */
    recipient,

    async receive(mail: InboundMail): Promise<InboundOutcome> {
      const target = recipient(mail.to);
      if (!target.ok) return { ok: false, reason: target.reason };
      if (!mail.from) return { ok: false, reason: 'bounce' };
      if (mail.autoSubmitted && mail.autoSubmitted.trim().toLowerCase() !== 'no') {
        return { ok: false, reason: 'automatic reply' };
      }
      const { ok: _, ...t } = target;
      const handler = handlers[t.thread] as Handler<typeof t.thread> | undefined;
      if (!handler) return { ok: false, reason: 'no handler' };
      const body = visibleReply(mail.text, handler.maxLength);
      if (!body) return { ok: false, reason: 'empty reply' };
      const done = await handler.handle({
        target: t as never,
        from: mail.from,
        messageId: mail.messageId,
        body,
      });
      return done.ok
        ? { ok: true, thread: t.thread, id: t.id, duplicate: done.duplicate }
        : { ok: false, reason: done.reason };
    },
  };
}
export type MailRelay = ReturnType<typeof createMailRelay>;
