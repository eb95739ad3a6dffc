import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertNoUnitOfWork } from '@lantern/db';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailContent } from './templates.ts';

export * from './templates.ts';

/** A file sent with a mail (a PDF receipt); the content is base64 so the mail job is plain JSON. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface OutgoingMail extends MailContent {
  to: string;
  attachments?: MailAttachment[];
  /** Where a reply goes, when not to us (issue 22: the relay address r+{token}@…). */
  replyTo?: string;
  /**
   * Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post on marketing mail,
   * or In-Reply-To on a relayed reply. Never a secret: jobs keep their payload until sent.
   */
  headers?: Record<string, string>;
  /** `<…@domain>`; the outbox sets one per job row, so a mail sent twice carries the same. */
  messageId?: string;
}

/** The message nodemailer sends for one of our mails. */
function message(from: string, { attachments, ...mail }: OutgoingMail) {
  return {
    from,
    ...mail,
    ...(attachments?.length
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.contentBase64,
            encoding: 'base64',
          })),
        }
      : {}),
  };
}

export interface Mailer {
  /** Resolves once the mail is handed to the SMTP server (or written to disk). */
  send(mail: OutgoingMail): Promise<void>;
  /** `smtp` with MAIL_URL, otherwise `file`. */
  readonly kind: 'smtp' | 'file';
  close(): void;
}

export interface MailerOptions {
  /** smtp://… or smtps://…; undefined writes each mail to `dir` and logs where. */
  url: string | undefined;
  from: string;
  /** Where the file transport writes `.eml` files (DATA_DIR/mail). */
  dir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * The mail adapter: nodemailer over SMTP when MAIL_URL is set; otherwise (development, tests
 * without a server) each message is written to DATA_DIR/mail as an .eml file and logged, so
 * nothing is lost and no mail server is needed.
 */
export function createMailer({ url, from, dir, log }: MailerOptions): Mailer {
  if (url) {
    const transport: Transporter = nodemailer.createTransport(url);
    return {
      kind: 'smtp',
      async send(mail) {
        assertNoUnitOfWork('SMTP');
        await transport.sendMail(message(from, mail));
      },
      close: () => transport.close(),
    };
  }
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'file',
    async send(mail) {
      assertNoUnitOfWork('Mail');
      const info = await builder.sendMail(message(from, mail));
      await mkdir(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to file (MAIL_URL is not set)',
      );
    },
    close: () => builder.close(),
  };
}
