import { TEXT_KINDS, type TOutboundTextKind } from '@lantern/contracts';
import { type JobKind, type JobRunner, jobError } from '../jobs/runner.ts';
import { TextSendError } from './index.ts';
import { nextAllowedInstant } from './quiet-hours.ts';
import { TextOptedOutError, type TextService, type TextToSend } from './texts.ts';

/** The job that sends a text outside the recipient's quiet hours. */
export const QUIET_TEXT_JOB = 'texts.send';

/** A text that must wait out the recipient's quiet hours: no code or PIN (those go at once). */
export interface QuietText extends Omit<TextToSend, 'secret'> {
  /** The recipient's IANA time zone. */
  timeZone: string;
  /** At most one text with this key is ever queued (a replayed webhook queues nothing more). */
  dedupeKey?: string;
}

export interface QueuedText {
  /** When it goes: now, or 8 am in the recipient's zone. */
  sendAt: Date;
  /** It waits for the end of quiet hours. */
  held: boolean;
  /** False when a text with the same dedupe key was queued before (nothing more was queued). */
  queued: boolean;
}

interface Payload {
  to: string;
  kind: TOutboundTextKind;
  body: string;
  userId?: number;
  timeZone: string;
}

function payloadOf(value: unknown): Payload {
  const p = value as Partial<Payload> | null;
  if (
    !p ||
    typeof p.to !== 'string' ||
    typeof p.body !== 'string' ||
    typeof p.timeZone !== 'string' ||
    typeof p.kind !== 'string' ||
    !(p.kind in TEXT_KINDS)
  ) {
    throw jobError('not a text to send', { permanent: true });
  }
  return p as Payload;
}

/**
 * Texts that respect quiet hours (issue 22; docs/decisions/044-text-for-info.md): each is a
 * `texts.send` job that runs now or at 8 am in the recipient's zone, and sends through
 * `texts.send` (opt-outs checked, recorded). `app.texts.sendRespectingQuietHours` is this
 * `send`; showings and other listing tools call it the same way:
 *
 *     await app.texts.sendRespectingQuietHours({
 *       to, kind: 'listing_lead', body, userId, timeZone: timeZoneOfState(property.state),
 *     });
 */
export function createQuietTexts(deps: {
  texts: Pick<TextService, 'send'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const delayUntil = (at: Date, from: Date) => Math.max(0, at.getTime() - from.getTime());

  const job: JobKind = {
    maxAttempts: 8,
    async handler(value, { job: row }) {
      const text = payloadOf(value);
      // A retry (Twilio away) may come round in the night: it waits for the morning again.
      const current = now();
      const at = nextAllowedInstant(current, text.timeZone);
      if (at > current) {
        await deps.jobs.enqueue(QUIET_TEXT_JOB, text, {
          delayMs: delayUntil(at, current),
          dedupeKey: `${QUIET_TEXT_JOB}:after-quiet:${row.id}`,
        });
        return;
      }
      try {
        await deps.texts.send({
          to: text.to,
          kind: text.kind,
          body: text.body,
          ...(text.userId ? { userId: text.userId } : {}),
        });
      } catch (err) {
        // Recorded as not sent; the number is never texted while it is opted out.
        if (err instanceof TextOptedOutError) return;
        // Twilio refused the message itself (an invalid number): trying again changes nothing.
        if (err instanceof TextSendError && err.status === 400) {
          throw jobError(err.message, { permanent: true });
        }
        throw err;
      }
    },
    describe: (value) => {
      const kind = (value as Partial<Payload> | null)?.kind;
      return `Text: ${kind && kind in TEXT_KINDS ? TEXT_KINDS[kind] : 'a text'}`;
    },
    // The number and words stay in the texts table, not in the job.
    keepWhenDone: (value) => ({ kind: (value as Partial<Payload> | null)?.kind ?? null }),
  };

  return {
    job,
    /** Queue a text to go now, or at 8 am in `timeZone` when it is between 9 pm and 8 am there. */
    async send(text: QuietText): Promise<QueuedText> {
      const current = now();
      const sendAt = nextAllowedInstant(current, text.timeZone);
      const payload: Payload = {
        to: text.to,
        kind: text.kind,
        body: text.body,
        timeZone: text.timeZone,
        ...(text.userId ? { userId: text.userId } : {}),
      };
      const queued = await deps.jobs.enqueue(QUIET_TEXT_JOB, payload, {
        delayMs: delayUntil(sendAt, current),
        ...(text.dedupeKey ? { dedupeKey: text.dedupeKey } : {}),
      });
      return { sendAt, held: sendAt > current, queued: queued !== null };
    },
  };
}
export type QuietTexts = ReturnType<typeof createQuietTexts>;
