import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSchemaTypes } from '@lantern/api-client/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOpenApiDocument } from '../src/cli/openapi-v1.ts';
import { createTestDatabase } from './helpers/build-test-app.ts';

/**
 * The client's committed types (packages/api-client/src/schema.gen.d.ts) are what the current
 * route schemas generate: regenerated here in memory, the way `pnpm --filter @lantern/api-client
 * generate` does, and compared.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('@lantern/api-client types', () => {
  it('match the OpenAPI document the API serves now', async () => {
    const document = await publicOpenApiDocument(db.database);
    const generated = await renderSchemaTypes(document);
    const committed = readFileSync(
      join(import.meta.dirname, '../../../packages/api-client/src/schema.gen.d.ts'),
      'utf8',
    );
    // Not toBe: a 2 MB diff helps no one. Regenerate with the command above.
    expect(
      generated === committed,
      'stale: run `pnpm --filter @lantern/api-client generate` and commit src/schema.gen.d.ts',
    ).toBe(true);
  });
});
