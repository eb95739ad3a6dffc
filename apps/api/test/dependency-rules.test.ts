import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The layering and boundary rules `pnpm lint` runs (.dependency-cruiser.cjs, issue 42). A rule
 * that matches nothing passes silently, so each is proved here on a fixture tree that mirrors
 * the repository's folders and breaks every rule exactly once.
 */
const repoRoot = join(import.meta.dirname, '../../..');
const fixtures = join(import.meta.dirname, 'fixtures/dependency-rules');
const config = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
  options: Record<string, unknown>;
};

async function violationsIn(dir: string) {
  const { output } = await cruise([dir], {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from.slice(v.from.indexOf('dependency-rules/') + 'dependency-rules/'.length),
  }));
}

describe('dependency rules', () => {
  it('refuse each forbidden import of the fixture tree, once per rule', async () => {
    const found = (await violationsIn(fixtures)).filter((v) => !v.from.startsWith('allowed/'));
    const rules = config.forbidden.map((r) => r.name).sort();
    expect([...new Set(found.map((v) => v.rule))].sort()).toEqual(rules);
    expect(found).toEqual(
      expect.arrayContaining([
        { rule: 'no-circular', from: 'cycle/first.ts' },
        { rule: 'api-lib-is-pure', from: 'apps/api/src/lib/format-price.ts' },
        { rule: 'api-rules-are-pure', from: 'apps/api/src/rules/coupons.ts' },
        {
          rule: 'api-repositories-import-down',
          from: 'apps/api/src/features/orders/coupons.repository.ts',
        },
        { rule: 'api-services-import-down', from: 'apps/api/src/features/orders/quote.ts' },
        {
          rule: 'api-plugins-import-no-route',
          from: 'apps/api/src/features/orders/orders.plugin.ts',
        },
        {
          rule: 'dashboard-feature-boundaries',
          from: 'apps/dashboard/src/features/orders/order-list.ts',
        },
        { rule: 'domain-is-zod-free', from: 'packages/domain/src/listing-rules.ts' },
      ]),
    );
  }, 60_000);

  it('let imports down the layers and into shared code through', async () => {
    expect(await violationsIn(join(fixtures, 'allowed'))).toEqual([]);
  }, 60_000);
});
