import { z } from 'zod';
import { MESSAGES } from './errors.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, but tab and line breaks are text
const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * Half of a UTF-16 surrogate pair with no other half: JSON may carry one (`"\ud800"`), but it is
 * no character, and PostgreSQL's jsonb refuses it — an activity row holding it would fail after
 * its change was made (issue 40).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** Whether a string holds only whole characters (no lone surrogate). */
export const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

/**
 * The strings every request schema is built from (issue 12): control characters and broken
 * characters are refused with a 422 in the user's words rather than reaching the database
 * (where NUL and lone surrogates are errors). Chain `.trim()`, `.min()`, `.max()` as on
 * `z.string()`.
 */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .regex(NO_CONTROL, { error: MESSAGES.controlCharacters })
    .refine(wellFormed, { error: MESSAGES.brokenCharacters });
}

/** Text that may run over several lines: tab, line feed and carriage return are allowed. */
export function multilineText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .regex(NO_CONTROL_BUT_LINES, { error: MESSAGES.controlCharacters })
    .refine(wellFormed, { error: MESSAGES.brokenCharacters });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, keeping tab and line breaks
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Text that came from outside a form (a file's name, a mail's body) made storable: its control
 * characters removed rather than refused, since there is no one to show a 422 to.
 */
export function withoutControlCharacters(text: string, keepLines = false): string {
  return text
    .replace(keepLines ? CONTROL_BUT_LINES : CONTROL, '')
    .replace(LONE_SURROGATES, '\uFFFD');
}
