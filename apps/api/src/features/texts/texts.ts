import {
  MESSAGES,
  OPT_OUT_FORM_TEXTS,
  TEXT_MESSAGES,
  TEXT_STATUSES,
  type TOutboundTextKind,
  type TTextKind,
  type TTextStatus,
  type TTwilioInbound,
  type TTwilioStatus,
  textKeyword,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { TextSendError, type TextSender } from './index.ts';
import type { TextRepository } from './texts.repository.ts';

/** How a code or PIN is stored in the record of the text that carried it. */
export const REDACTED = '••••••';
/** Twilio's error for a number that texted STOP to our sender: "Attempt to send to unsubscribed recipient". */
export const TWILIO_UNSUBSCRIBED = 21610;

/** The number opted out of our texts: nothing was sent (and the attempt is on record). */
export class TextOptedOutError extends Error {
  readonly phone: string;
  constructor(phone: string) {
    super('The number opted out of texts');
    this.name = 'TextOptedOutError';
    this.phone = phone;
  }
}

export interface TextToSend {
  /** E.164. */
  to: string;
  kind: TOutboundTextKind;
  body: string;
  /** A code or PIN inside `body`: sent, never stored (the record shows ••••••). */
  secret?: string;
  /** The account the text is for, so staff see whose it was. */
  userId?: number;
}

export interface TextServiceDeps {
  transport: TextSender;
  records: TextRepository;
  /** Our sending number or Messaging Service, or null while texts go to files. */
  from: string | null;
  /** The StatusCallback URL for one of our texts; undefined without Twilio. */
  statusCallback: ((textId: number) => string) | undefined;
  siteName: string;
  supportPhone: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

const TWILIO_STATUSES = new Set<string>(
  TEXT_STATUSES.filter((s) => !['pending', 'written', 'opted_out', 'received'].includes(s)),
);
const asStatus = (word: string): TTextStatus | null =>
  TWILIO_STATUSES.has(word) ? (word as TTextStatus) : null;

/** Our answer to a keyword, in our own words. */
function replyTo(deps: TextServiceDeps, effect: 'opt_out' | 'opt_in' | 'help'): string {
  if (effect === 'opt_out') return TEXT_MESSAGES.optedOut(deps.siteName);
  if (effect === 'opt_in') return TEXT_MESSAGES.optedIn(deps.siteName);
  return TEXT_MESSAGES.help(deps.siteName, deps.supportPhone);
}

/** A recorded inbound text and our reply to it, if any; null for a replay. */
type Received = {
  textId: number;
  reply: { text: string; statusCallback: string | undefined } | null;
} | null;

/**
 * Send one text. Throws TextOptedOutError for a number that opted out (here or at Twilio,
 * error 21610), TextSendError when Twilio refuses it, and whatever fetch threw when Twilio
 * cannot be reached; each leaves its record.
 */
async function sendText(deps: TextServiceDeps, text: TextToSend): Promise<void> {
  const { transport, records } = deps;
  const stored = text.secret ? text.body.replaceAll(text.secret, REDACTED) : text.body;
  const record = {
    phone: text.to,
    ourNumber: deps.from,
    kind: text.kind,
    body: stored,
    userId: text.userId ?? null,
  };
  if (await records.isOptedOut(text.to)) {
    await records.addOutbound({ ...record, status: 'opted_out' });
    throw new TextOptedOutError(text.to);
  }
  const id = await records.addOutbound({ ...record, status: 'pending' });
  try {
    const handed = await transport.send({
      to: text.to,
      body: text.body,
      statusCallback: deps.statusCallback?.(id),
    });
    await records.handedOver(id, {
      sid: handed.sid,
      status: handed.status === 'written' ? 'written' : (asStatus(handed.status) ?? 'queued'),
      from: handed.from,
    });
  } catch (err) {
    if (err instanceof TextSendError) {
      await records.refused(id, { code: err.code ?? null, message: err.message });
      if (err.code === TWILIO_UNSUBSCRIBED) {
        await records.optOut({ phone: text.to, source: 'provider', textId: id });
        throw new TextOptedOutError(text.to);
      }
    } else {
      await records.refused(id, { code: null, message: 'Twilio could not be reached.' });
    }
    throw err;
  }
}

/**
 * An inbound text (Twilio's signed webhook): recorded once per MessageSid; a stop word opts
 * the number out, a start word back in, in the same transaction. Answers null for a replay
 * (nothing more may happen), else the text's id and our reply, if any, with the
 * StatusCallback for it: none to other texts, and none when Twilio's Advanced Opt-Out
 * already answered the keyword (it says so with OptOutType). `kind` names what any other
 * text is (a listing's code, issue 22); the keywords keep theirs.
 */
async function receiveText(
  deps: TextServiceDeps,
  message: TTwilioInbound,
  options: { kind?: TTextKind } = {},
): Promise<Received> {
  const { records, log } = deps;
  const twilioType = message.OptOutType?.toUpperCase();
  const byTwilio =
    twilioType === 'STOP'
      ? 'opt_out'
      : twilioType === 'START'
        ? 'opt_in'
        : twilioType === 'HELP'
          ? 'help'
          : null;
  const effect = textKeyword(message.Body) ?? byTwilio;
  const word = effect ? message.Body.trim().toUpperCase().slice(0, 20) : null;
  const stored = await records.receive(
    {
      sid: message.MessageSid,
      phone: message.From,
      ourNumber: message.To,
      kind: effect ?? options.kind ?? 'message',
      body: message.Body,
      mediaCount: message.NumMedia,
    },
    effect === 'help' ? null : effect,
    word,
  );
  if (stored.duplicate) {
    log.info({ sid: message.MessageSid }, 'inbound text already recorded; replay ignored');
    return null;
  }
  if (!effect || byTwilio) return { textId: stored.id, reply: null };
  const reply = replyTo(deps, effect);
  const id = await records.addOutbound({
    phone: message.From,
    ourNumber: message.To,
    kind: 'reply',
    body: reply,
    status: 'pending',
  });
  return {
    textId: stored.id,
    reply: { text: reply, statusCallback: deps.statusCallback?.(id) },
  };
}

/** Twilio's status callbacks, and the opt-outs staff record or undo. */
function textRecords(deps: TextServiceDeps) {
  const { records } = deps;
  return {
    /**
     * Twilio's status callback for one of our texts. A status Twilio may add later is ignored;
     * a text Twilio reports as sent to an unsubscribed number (21610) opts the number out here too.
     */
    async status(
      callback: TTwilioStatus,
      textId: number | undefined,
    ): Promise<'updated' | 'unknown' | 'ignored'> {
      const status = asStatus(callback.MessageStatus.toLowerCase());
      if (!status) return 'ignored';
      const row = await records.applyStatus({
        textId,
        sid: callback.MessageSid,
        status,
        errorCode: callback.ErrorCode ?? null,
      });
      if (!row) return 'unknown';
      if (callback.ErrorCode === TWILIO_UNSUBSCRIBED) {
        await records.optOut({ phone: row.phone, source: 'provider', textId: row.id });
      }
      return 'updated';
    },

    /** Staff record an opt-out the person asked for another way (by phone, mail, in person). */
    async recordOptOut(staffUserId: number, phone: string, note: string) {
      const row = await records.optOut({ phone, source: 'staff', staffUserId, note });
      if (!row) {
        return refuse(409, OPT_OUT_FORM_TEXTS.alreadyOptedOut, {
          phone: [OPT_OUT_FORM_TEXTS.alreadyOptedOut],
        });
      }
      return ok(row);
    },

    /**
     * Undo an opt-out staff recorded (a mistake). One the person made by text stays until they
     * text START: only they can give their consent back.
     */
    async removeOptOut(
      id: number,
    ): Promise<Outcome<NonNullable<Awaited<ReturnType<TextRepository['optOutById']>>>>> {
      const row = await records.optOutById(id);
      if (!row) return refuse(404, MESSAGES.notFound);
      if (row.source !== 'staff') return refuse(409, OPT_OUT_FORM_TEXTS.notStaffRecorded);
      if (!(await records.removeOptOut(id))) return refuse(404, MESSAGES.notFound);
      return ok(row);
    },
  };
}

/**
 * Texts (issue 20; docs/decisions/030-texts.md): every text we send goes through `send`, which
 * refuses a number that opted out and keeps a record (body redacted, Twilio's SID and status);
 * inbound texts and Twilio's status callbacks come through `receive` and `status`.
 */
export function createTextService(deps: TextServiceDeps) {
  const { transport } = deps;
  return {
    get kind() {
      return transport.kind;
    },

    /**
     * Send one text. Throws TextOptedOutError for a number that opted out (here or at Twilio,
     * error 21610), TextSendError when Twilio refuses it, and whatever fetch threw when Twilio
     * cannot be reached; each leaves its record.
     */
    send: (text: TextToSend) => sendText(deps, text),

    /**
     * An inbound text (Twilio's signed webhook): recorded once per MessageSid; a stop word opts
     * the number out, a start word back in, in the same transaction. Answers null for a replay
     * (nothing more may happen), else the text's id and our reply, if any, with the
     * StatusCallback for it: none to other texts, and none when Twilio's Advanced Opt-Out
     * already answered the keyword (it says so with OptOutType). `kind` names what any other
     * text is (a listing's code, issue 22); the keywords keep theirs.
     */
    receive: (message: TTwilioInbound, options: { kind?: TTextKind } = {}) =>
      receiveText(deps, message, options),

    ...textRecords(deps),
  };
}
export type TextService = ReturnType<typeof createTextService>;
