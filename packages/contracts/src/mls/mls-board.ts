import { z } from 'zod';

/**
 * One multiple listing service or board of realtors, as publicly documented (packages/db seed
 * data, later edited in the admin area). `null` means "not known to us": pages say so rather
 * than guess.
 */
export const ZMlsBoardSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1),
  /** The short name people use, e.g. "CRMLS". */
  shortName: z.string().min(1),
  /** USPS codes of the states (and DC) where it serves members, as the MLS itself describes. */
  states: z.array(z.string().length(2)).min(1),
  /** Counties served; null when we have not confirmed them. */
  counties: z.array(z.string()).nullable(),
  /** The area in the MLS's own general description, e.g. "Greater Houston"; null if unknown. */
  region: z.string().nullable(),
  website: z.url({ protocol: /^https$/ }),
  /** Where the facts above come from: the MLS's own public website. */
  source: z.object({ name: z.string().min(1), url: z.url({ protocol: /^https$/ }) }),
  notes: z.string().nullable(),
  /** What the board charges per listing, integer cents (staff record it in the admin area). */
  listingFeeCents: z.number().int().min(0).nullable().optional(),
  /** The board's listing rules as staff summarise them, plain text. */
  rules: z.string().nullable().optional(),
});
export type TMlsBoard = z.infer<typeof ZMlsBoardSchema>;
export const ZMlsBoardListSchema = z.array(ZMlsBoardSchema);
