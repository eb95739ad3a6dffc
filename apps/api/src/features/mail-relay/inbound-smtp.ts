import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { InboundMail, InboundOutcome } from './mail-relay.ts';
import type { RelayParsed } from './relay-address.ts';

/** Larger mails are refused: a reply is text, and we do not relay attachments. */
export const INBOUND_MAX_BYTES = 5 * 1024 * 1024;

export interface InboundSmtp {
  /** The port it listens on (useful when asked for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

const smtpError = (code: number, text: string) =>
  Object.assign(new Error(text), { responseCode: code });

/**
 * The inbound SMTP listener for relay replies (issue 22; docs/decisions/041): smtp-server takes
 * mail only for relay addresses that `recipient` accepts — a forged, expired or unknown one is
 * refused at RCPT TO with 550 and logged with its reason (never the address: its token is a
 * secret) — and each accepted mail is parsed by mailparser and handed to `receive`. A failure
 * while storing answers 451, so the sending server tries again later. No AUTH (anyone may send
 * to a relay address, as to any MX); STARTTLS is not offered.
 */
export async function startInboundSmtp(opts: {
  port: number;
  host: string;
  banner: string;
  log: FastifyBaseLogger;
  recipient: (address: string) => RelayParsed;
  receive: (mail: InboundMail) => Promise<InboundOutcome>;
}): Promise<InboundSmtp> {
  const { log } = opts;
  const server = new SMTPServer({
    banner: opts.banner,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      const target = opts.recipient(address.address);
      if (!target.ok) {
        log.warn({ reason: target.reason }, 'mail relay: refused a recipient');
        return callback(smtpError(550, 'No such mailbox here'));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            log.warn('mail relay: dropped a mail over the size limit');
            return callback(smtpError(552, 'Message too large'));
          }
          const auto = parsed.headers.get('auto-submitted');
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          for (const rcpt of session.envelope.rcptTo) {
            const outcome = await opts.receive({
              to: rcpt.address,
              from,
              messageId: parsed.messageId ?? null,
              text: parsed.text ?? '',
              autoSubmitted: typeof auto === 'string' ? auto : null,
            });
            if (outcome.ok) {
              log.info(
                { thread: outcome.thread, id: outcome.id, duplicate: outcome.duplicate },
                'mail relay: reply relayed',
              );
            } else {
              log.warn({ reason: outcome.reason }, 'mail relay: dropped a mail');
            }
          }
          callback();
        })
        .catch((err: unknown) => {
          log.error({ err }, 'mail relay: could not take a mail; the sender will retry');
          callback(smtpError(451, 'Try again later'));
        });
    },
  });
  server.on('error', (err) => log.error({ err }, 'mail relay: listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ port }, 'mail relay: listening for replies');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
