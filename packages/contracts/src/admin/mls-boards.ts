import { z } from 'zod';
import { multilineText, singleLineText } from '../text.ts';
import { ZCoverageStateSchema } from './coverage.ts';
import { PRODUCT_PRICE_MAX_CENTS } from './products.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

export const MLS_TEXTS = {
  slug: 'Use 2 to 60 lower-case letters, digits and single dashes, like "bright-mls".',
  slugTaken: 'Another board already uses this slug.',
  nameRequired: 'Give the board its full name.',
  nameTooLong: 'Keep the name under 120 characters.',
  shortNameRequired: 'Give the short name people use, like "CRMLS".',
  shortNameTooLong: 'Keep the short name under 40 characters.',
  statesRequired: 'Choose at least one state the board serves.',
  statesDuplicate: 'This state is already in the list.',
  county: 'Keep each county name under 80 characters.',
  countiesTooMany: 'List at most 500 counties.',
  region: 'Keep the region under 200 characters.',
  url: 'Enter a full https:// address.',
  sourceName: 'Say where these facts come from, like "CRMLS website".',
  notes: 'Keep the notes under 2,000 characters.',
  fee: 'Enter the fee in whole cents, from 0 to 10,000,000 — or leave it empty when not known.',
  rules: 'Keep the rules under 4,000 characters.',
} as const;

/** Staff's list of MLSs and boards (issue 20): by name, searchable by name, short name, slug or state. */
export const ZAdminMlsBoardsQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['name']).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

export const ZAdminMlsBoardSchema = z.object({
  slug: z.string(),
  name: z.string(),
  shortName: z.string(),
  states: z.array(z.string()),
  /** Counties confirmed so far; null: none confirmed (local MLS listing is offered nowhere for it). */
  counties: z.array(z.string()).nullable(),
  region: z.string().nullable(),
  website: z.string(),
  sourceName: z.string(),
  sourceUrl: z.string(),
  notes: z.string().nullable(),
  /** What the board charges per listing, integer cents; null: not known. */
  listingFeeCents: z.number().int().nullable(),
  rules: z.string().nullable(),
  updatedAt: z.string(),
});
export type TAdminMlsBoard = z.infer<typeof ZAdminMlsBoardSchema>;
export const ZAdminMlsBoardsPageSchema = pageSchema(ZAdminMlsBoardSchema);

export const ZAdminMlsBoardSlugParamsSchema = z.object({ slug: singleLineText().max(60) });

const httpsUrl = singleLineText()
  .trim()
  .max(500, MLS_TEXTS.url)
  .pipe(z.url({ protocol: /^https$/, error: MLS_TEXTS.url }));

const optionalText = (max: number, message: string, lines = false) =>
  (lines ? multilineText() : singleLineText())
    .trim()
    .max(max, message)
    .nullable()
    .transform((v) => (v ? v : null));

/** PUT /api/admin/mls-boards/{slug}: everything but the slug, which public page addresses use. */
export const ZUpdateMlsBoardRequestSchema = z.object({
  name: singleLineText().trim().min(1, MLS_TEXTS.nameRequired).max(120, MLS_TEXTS.nameTooLong),
  shortName: singleLineText()
    .trim()
    .min(1, MLS_TEXTS.shortNameRequired)
    .max(40, MLS_TEXTS.shortNameTooLong),
  states: z
    .array(ZCoverageStateSchema)
    .min(1, MLS_TEXTS.statesRequired)
    .max(51)
    .superRefine((states, ctx) => {
      states.forEach((s, i) => {
        if (states.indexOf(s) !== i)
          ctx.addIssue({ code: 'custom', path: [i], message: MLS_TEXTS.statesDuplicate });
      });
    }),
  /** Empty or null: none confirmed. Duplicates are dropped. */
  counties: z
    .array(singleLineText().trim().min(1, MLS_TEXTS.county).max(80, MLS_TEXTS.county))
    .max(500, MLS_TEXTS.countiesTooMany)
    .nullable()
    .transform((list) => {
      if (!list?.length) return null;
      const seen = new Set<string>();
      return list.filter((c) => {
        const key = c.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }),
  region: optionalText(200, MLS_TEXTS.region),
  website: httpsUrl,
  sourceName: singleLineText().trim().min(1, MLS_TEXTS.sourceName).max(120, MLS_TEXTS.sourceName),
  sourceUrl: httpsUrl,
  notes: optionalText(2000, MLS_TEXTS.notes, true),
  listingFeeCents: z
    .number({ error: MLS_TEXTS.fee })
    .int(MLS_TEXTS.fee)
    .min(0, MLS_TEXTS.fee)
    .max(PRODUCT_PRICE_MAX_CENTS, MLS_TEXTS.fee)
    .nullable(),
  rules: optionalText(4000, MLS_TEXTS.rules, true),
});
export type TUpdateMlsBoardRequest = z.input<typeof ZUpdateMlsBoardRequestSchema>;

/** A board's slug, the last part of its public page's address (/mls/{slug}). */
export const ZMlsBoardSlugSchema = singleLineText()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, MLS_TEXTS.slug)
  .min(2, MLS_TEXTS.slug)
  .max(60, MLS_TEXTS.slug);

/** POST /api/admin/mls-boards: a new board, with the slug of its public page (/mls/{slug}). */
export const ZCreateMlsBoardRequestSchema = ZUpdateMlsBoardRequestSchema.extend({
  slug: ZMlsBoardSlugSchema,
});
export type TCreateMlsBoardRequest = z.input<typeof ZCreateMlsBoardRequestSchema>;
