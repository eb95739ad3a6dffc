import { COVERAGE_TEXTS, countyKey, type TUpdateCoverageRequest } from '@lantern/contracts';
import { z } from 'zod';

/**
 * What the form holds: the whole states ticked and the county rows as typed. The request is one
 * list of places; the rules the API checks again (duplicates, lengths) are checked here first.
 */
export const ZCoverageFormSchema = z
  .object({
    states: z.array(z.string()),
    counties: z.array(z.object({ state: z.string(), county: z.string() })),
  })
  .transform((f, ctx): TUpdateCoverageRequest => {
    const seen = new Set<string>();
    f.counties.forEach((row, i) => {
      const county = row.county.trim();
      const key = `${row.state}|${countyKey(county)}`;
      const message = !county
        ? COVERAGE_TEXTS.countyRequired
        : county.length > 80
          ? COVERAGE_TEXTS.county
          : seen.has(key)
            ? COVERAGE_TEXTS.duplicate
            : null;
      if (message) ctx.addIssue({ code: 'custom', path: ['counties', i, 'county'], message });
      seen.add(key);
    });
    return {
      places: [
        ...f.states.map((state) => ({ state, county: null })),
        ...f.counties.map((row) => ({ state: row.state, county: row.county.trim() })),
      ],
    };
  });

/** The form's values as typed. */
export type CoverageFormValues = z.input<typeof ZCoverageFormSchema>;
