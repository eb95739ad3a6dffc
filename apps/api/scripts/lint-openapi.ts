// `pnpm lint:openapi` (part of `pnpm lint`): the public API's OpenAPI document
// (src/cli/openapi-v1.ts, built on an in-memory database with a fixed configuration) linted with
// Redocly's recommended ruleset (no error allowed) and Spectral's `oas` ruleset (no warning
// allowed), both from npm (docs/decisions/093). Prints each finding; exits 1 on any that counts.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';

export interface Findings {
  /** Redocly's errors and Spectral's findings of any severity: each fails the lint. */
  failing: string[];
  /** Redocly's warnings, reported only. */
  warnings: string[];
}

/** Both linters over one OpenAPI document. */
export async function lintDescription(doc: unknown): Promise<Findings> {
  const source = JSON.stringify(doc);
  const redocly = await lintFromString({
    source,
    absoluteRef: 'v1.json',
    config: await createConfig({ extends: ['recommended'] }),
  });
  const where = (p: (typeof redocly)[number]) =>
    `redocly ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`;
  const spectral = new spectralCore.Spectral();
  spectral.setRuleset({ extends: [[spectralRulesets.oas as never, 'recommended']] });
  const found = await spectral.run(
    new spectralCore.Document(source, spectralParsers.Json, 'v1.json'),
  );
  return {
    failing: [
      ...redocly.filter((p) => p.severity === 'error').map(where),
      ...found.map((r) => `spectral ${r.code} at ${r.path.join('.')}: ${r.message}`),
    ],
    warnings: redocly.filter((p) => p.severity !== 'error').map(where),
  };
}

if (import.meta.main) {
  const { publicOpenApiDocument } = await import('../src/cli/openapi-v1.ts');
  const { failing, warnings } = await lintDescription(await publicOpenApiDocument());
  for (const line of [...failing, ...warnings]) console.log(line);
  console.log(`/api/v1/openapi.json: ${failing.length} failing, ${warnings.length} warnings`);
  process.exit(failing.length > 0 ? 1 : 0);
}
