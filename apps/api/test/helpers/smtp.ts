import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free loopback port, keeping what it receives (tests only).
 * `rejectRecipient` answers a RCPT TO with a permanent 550 and its text when it returns one,
 * as a server does for a mailbox that does not exist (a bounce at delivery time).
 */
export async function startSmtpServer(
  options: { rejectRecipient?: (address: string) => string | null } = {},
): Promise<{
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `to` (that `matches`, when given), waiting up to `timeoutMs`. */
  waitFor(
    to: string,
    timeoutMs?: number,
    matches?: (mail: ReceivedMail) => boolean,
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.rejectRecipient?.(address.address);
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, timeoutMs = 5000, matches = () => true) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = mails.find((m) => m.to.includes(to) && matches(m));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The token of an emailed link to `page` (`${page}#token=…`, issue 12), from a received mail's
 * raw text or a mail file (quoted-printable soft breaks undone).
 */
export function linkToken(raw: string, page: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const escaped = page.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"<>]+${escaped}#token=([A-Za-z0-9_.%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in the mail`);
  return decodeURIComponent(match[1]);
}
