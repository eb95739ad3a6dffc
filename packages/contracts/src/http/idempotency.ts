import { IDEMPOTENCY_HEADER } from '@lantern/domain';
import { z } from 'zod';

export { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@lantern/domain';

/**
 * Retries never duplicate (issue 40; docs/decisions/067-idempotency-keys.md): a POST may carry
 * this header; the first answer is kept 24 hours per user (or visitor) and key and replayed to
 * a retry with the same body, marked by the replay header.
 */
/** Long enough for a UUID with a prefix, as Stripe allows; short enough to index cheaply. */
export const IDEMPOTENCY_KEY_MAX = 255;

export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: `The ${IDEMPOTENCY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters.`,
  keyReused: `This ${IDEMPOTENCY_HEADER} was already used for a different request. Use a new key for a new request.`,
  inProgress:
    'Your first attempt at this is still being processed. Wait a moment and try again; it will not be done twice.',
  secretAnswered:
    'This was already done, and its answer held something that is shown only once. Reload the page to see the result.',
} as const;

/** Printable ASCII (space to tilde); Node has already trimmed the header's outer spaces. */
export const ZIdempotencyKeySchema = z
  .string()
  .min(1, IDEMPOTENCY_MESSAGES.keyInvalid)
  .max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MESSAGES.keyInvalid)
  .regex(/^[\x20-\x7e]+$/, IDEMPOTENCY_MESSAGES.keyInvalid);
