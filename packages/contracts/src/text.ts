import { z } from 'zod';
import { MESSAGES } from './errors.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, but tab and line breaks are text
const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * The strings every request schema is built from (issue 12): control characters are refused
 * with a 422 in the user's words rather than reaching the database (where NUL is an error).
 * Chain `.trim()`, `.min()`, `.max()` as on `z.string()`.
 */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).regex(NO_CONTROL, { error: MESSAGES.controlCharacters });
}

/** Text that may run over several lines: tab, line feed and carriage return are allowed. */
export function multilineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).regex(NO_CONTROL_BUT_LINES, { error: MESSAGES.controlCharacters });
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
  return text.replace(keepLines ? CONTROL_BUT_LINES : CONTROL, '');
}
