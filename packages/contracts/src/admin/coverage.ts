import { US_STATES } from '@lantern/address';
import { z } from 'zod';
import { ZPropertyRoleSchema } from '../roles.ts';
import { singleLineText } from '../text.ts';

/** The places coverage may name: the 50 states and DC, where a property on this site can be. */
export const COVERAGE_STATES: ReadonlyArray<{ code: string; name: string }> = US_STATES.map(
  ({ code, name }) => ({ code, name }),
);
export const COVERAGE_STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.code));

/** The most places one product may list: every state and DC, and a generous list of counties. */
export const COVERAGE_PLACES_MAX = 4000;

export const COVERAGE_TEXTS = {
  state: 'Choose one of the 50 states or DC.',
  county: 'Keep the county name under 80 characters.',
  duplicate: 'This place is already in the list.',
  countyRequired: 'Enter the county’s name, or remove the row.',
  tooMany: `List at most ${COVERAGE_PLACES_MAX.toLocaleString('en-US')} places.`,
} as const;

/**
 * "King County", "king", "St. Landry Parish" → one comparable key. Coverage and the MLS dataset
 * compare county names this way (the SQL twin is `countyKey` in apps/api features/catalogue/products.repository.ts).
 */
export function countyKey(county: string): string {
  return county
    .trim()
    .toLowerCase()
    .replace(/\s+(county|parish|borough)$/, '');
}

/** A USPS code of a state or DC, in any case; answered upper case. */
export const ZCoverageStateSchema = singleLineText()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => COVERAGE_STATE_CODES.has(s), COVERAGE_TEXTS.state);

/** One place a product is offered: a whole state (county null) or one county of it. */
export const ZCoveragePlaceSchema = z.object({
  state: ZCoverageStateSchema,
  /** Empty or null: the whole state. */
  county: singleLineText()
    .trim()
    .max(80, COVERAGE_TEXTS.county)
    .nullable()
    .transform((c) => (c ? c : null)),
});
export type TCoveragePlace = z.infer<typeof ZCoveragePlaceSchema>;

/** GET /api/admin/products/{slug}/coverage: every place the product is offered, by state. */
export const ZProductCoverageSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Who may order it where it is offered now (the Products page sets them); null: every role. */
  roles: z.array(ZPropertyRoleSchema).nullable(),
  places: z.array(
    z.object({
      state: z.string(),
      county: z.string().nullable(),
      /** This place's roles, kept as they are when the list is saved; null: every role. */
      roles: z.array(ZPropertyRoleSchema).nullable(),
    }),
  ),
});
export type TProductCoverage = z.infer<typeof ZProductCoverageSchema>;

/**
 * PUT /api/admin/products/{slug}/coverage: the whole list of places. Places already listed keep
 * their roles; new places take the roles the product's places carry now (every role when it has
 * none), so changing where never changes who.
 */
export const ZUpdateCoverageRequestSchema = z
  .object({
    places: z.array(ZCoveragePlaceSchema).max(COVERAGE_PLACES_MAX, COVERAGE_TEXTS.tooMany),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.places.forEach((p, i) => {
      const key = `${p.state}|${p.county === null ? '' : countyKey(p.county)}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['places', i, p.county === null ? 'state' : 'county'],
          message: COVERAGE_TEXTS.duplicate,
        });
      seen.add(key);
    });
  });
export type TUpdateCoverageRequest = z.input<typeof ZUpdateCoverageRequestSchema>;
