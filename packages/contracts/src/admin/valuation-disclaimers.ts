import { US_STATES } from '@lantern/address';
import { z } from 'zod';
import { multilineText } from '../text.ts';

/**
 * The disclaimer every valuation report carries (Free Comps, the Comps Report, the Home Value
 * Report; docs/decisions/062-valuation-disclaimers.md): this fixed sentence, then the state's own
 * wording as staff set it at Admin → Valuation disclaimers, else our default.
 */
export const VALUATION_DISCLAIMER_FIXED =
  'Automated estimate; not prepared by a licensed appraiser; not for lending decisions.';

/** What a report says after the fixed sentence in a state whose wording staff have not set. */
export const VALUATION_DISCLAIMER_DEFAULT =
  'This is an automated estimate, calculated by a computer from recorded sales of similar homes nearby. It may be higher or lower than what a buyer would actually pay for this home. For lending or legal purposes, hire a licensed appraiser.';

/** The longest wording a state may have, in characters. */
export const VALUATION_DISCLAIMER_MAX = 2000;

export const VALUATION_DISCLAIMER_TEXTS = {
  state: 'Choose one of the 50 states or DC.',
  text: 'Enter the disclaimer as text.',
  tooLong: `Keep the disclaimer to ${VALUATION_DISCLAIMER_MAX.toLocaleString('en-US')} characters or fewer.`,
  oneParagraph:
    'Write the disclaimer as one paragraph: line breaks are fine, empty lines between them are not.',
  forbiddenWords:
    'Reports must never use the words “appraised”, “market value” or “broker price opinion”: they are automated estimates, not appraisals. Reword the disclaimer without them.',
  defaultWording: 'Our default wording',
} as const;

/**
 * Words our reports may never use, in any case, whatever spaces, line breaks or hyphens stand
 * between their parts ("Market-Value", "broker price\nopinion").
 */
const FORBIDDEN = [/appraised/i, /market[\s-]+value/i, /broker[\s-]+price[\s-]+opinion/i];

/** Whether a text uses a word our reports may never use. */
export function usesForbiddenValuationWords(text: string): boolean {
  return FORBIDDEN.some((re) => re.test(text));
}

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.code));

export const ZValuationDisclaimerParamsSchema = z.object({
  /** USPS code of a state or DC, in any case; used upper case. */
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/, VALUATION_DISCLAIMER_TEXTS.state)
    .transform((s) => s.toUpperCase())
    .refine((s) => STATE_CODES.has(s), VALUATION_DISCLAIMER_TEXTS.state),
});

/**
 * PUT /api/admin/valuation-disclaimers/{state}: the state's wording, one paragraph of up to
 * 2,000 characters (line breaks allowed). Empty or only spaces: the state goes back to our
 * default wording. Answered trimmed, with Windows line breaks made plain, or null to clear.
 */
export const ZUpdateValuationDisclaimerRequestSchema = z.object({
  text: multilineText({ error: VALUATION_DISCLAIMER_TEXTS.text })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .superRefine((s, ctx) => {
      if (s.length > VALUATION_DISCLAIMER_MAX)
        ctx.addIssue({ code: 'custom', message: VALUATION_DISCLAIMER_TEXTS.tooLong });
      if (/\n[^\S\n]*\n/.test(s))
        ctx.addIssue({ code: 'custom', message: VALUATION_DISCLAIMER_TEXTS.oneParagraph });
      if (usesForbiddenValuationWords(s))
        ctx.addIssue({ code: 'custom', message: VALUATION_DISCLAIMER_TEXTS.forbiddenWords });
    })
    .transform((s) => (s === '' ? null : s)),
});
export type TUpdateValuationDisclaimerRequest = z.input<
  typeof ZUpdateValuationDisclaimerRequestSchema
>;

export const ZValuationDisclaimerSchema = z.object({
  /** USPS code of a state or DC. */
  state: z.string(),
  stateName: z.string(),
  /** The state's own wording; null: its reports carry VALUATION_DISCLAIMER_DEFAULT. */
  text: z.string().nullable(),
  /** When staff last set it; null while it has our default wording. */
  updatedAt: z.string().nullable(),
  /** Who set it; null while it has our default wording, or once that account is gone. */
  updatedBy: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
});
export type TValuationDisclaimer = z.infer<typeof ZValuationDisclaimerSchema>;

/** GET /api/admin/valuation-disclaimers: every state and DC, by name, and the fixed texts. */
export const ZValuationDisclaimersResponseSchema = z.object({
  /** VALUATION_DISCLAIMER_FIXED: the sentence every report carries first. */
  fixed: z.string(),
  /** VALUATION_DISCLAIMER_DEFAULT: the wording of a state without its own. */
  defaultText: z.string(),
  disclaimers: z.array(ZValuationDisclaimerSchema),
});
export type TValuationDisclaimersResponse = z.infer<typeof ZValuationDisclaimersResponseSchema>;
