import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Feature boundaries (docs/decisions/021-front-end-forms.md): a file in src/features/<a>/ may
 * import shared code (src/components, src/lib, src/hooks, …) and packages, never
 * src/features/<b>/. Biome's noRestrictedImports enforces it, one override per feature folder in
 * biome.json; these tests keep those overrides in step with the folders and show that Biome
 * really refuses a cross-feature import.
 */
const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const featuresDir = join(here, 'features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

interface Override {
  includes?: string[];
  linter?: {
    rules?: {
      style?: {
        noRestrictedImports?: {
          level: string;
          options?: { patterns?: { group: string[]; message?: string }[] };
        };
      };
    };
  };
}
const biomeConfig = JSON.parse(readFileSync(join(repoRoot, 'biome.json'), 'utf8')) as {
  overrides: Override[];
};

const includeFor = (feature: string) => `apps/dashboard/src/features/${feature}/**`;
const expectedGroup = (feature: string) => [
  '**/features/**',
  ...features.filter((f) => f !== feature).map((f) => `../**/${f}/**`),
];

describe('biome.json feature-boundary overrides', () => {
  const boundaryOverrides = biomeConfig.overrides.filter((o) =>
    o.includes?.some((i) => i.startsWith('apps/dashboard/src/features/')),
  );

  it.each(features)('features/%s may not import any other feature', (feature) => {
    const override = boundaryOverrides.find((o) => o.includes?.includes(includeFor(feature)));
    expect(
      override,
      `biome.json needs an override for ${includeFor(feature)}: run node scripts/feature-boundaries.mjs`,
    ).toBeDefined();
    const rule = override?.linter?.rules?.style?.noRestrictedImports;
    expect(rule?.level).toBe('error');
    const group = rule?.options?.patterns?.flatMap((p) => p.group) ?? [];
    expect([...group].sort()).toEqual(expectedGroup(feature).sort());
  });

  it('has no override for a feature folder that no longer exists', () => {
    const named = boundaryOverrides.flatMap((o) => o.includes ?? []);
    expect(named.sort()).toEqual(features.map(includeFor).sort());
  });
});

describe('Biome refuses a cross-feature import', () => {
  // A copy of the config beside a small tree of files, so nothing is written into the repo.
  const scratch = mkdtempSync(join(tmpdir(), 'feature-boundaries-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const {
    $schema: _schema,
    vcs: _vcs,
    ...config
  } = JSON.parse(readFileSync(join(repoRoot, 'biome.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));

  function lint(files: Record<string, string>) {
    for (const [path, body] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), body);
    }
    const biome = join(repoRoot, 'node_modules', '.bin', 'biome');
    const run = spawnSync(
      biome,
      ['lint', '--reporter=json', '--vcs-enabled=false', ...Object.keys(files)],
      { cwd: scratch, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as {
      diagnostics: { category: string; location: { path: string } }[];
    };
    return report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path.split(sep).join('/'));
  }

  it('flags imports of another feature from any depth, relative or through features/', () => {
    const base = 'apps/dashboard/src/features/orders';
    const flagged = lint({
      [`${base}/top.ts`]: "import { a } from '../properties/api/x.ts';\n\nexport const b = a;\n",
      [`${base}/api/one.ts`]:
        "import { a } from '../../properties/api/x.ts';\n\nexport const b = a;\n",
      [`${base}/components/deep/two.tsx`]:
        "import { a } from '../../../participants/hooks/x.ts';\n\nexport const b = a;\n",
      [`${base}/hooks/three.ts`]:
        "import { a } from '../../../features/account/api/x.ts';\n\nexport const b = a;\n",
      [`${base}/api/reexport.ts`]: "export { a } from '../../two-factor/api/x.ts';\n",
    });
    expect(flagged.sort()).toEqual(
      [
        `${base}/top.ts`,
        `${base}/api/one.ts`,
        `${base}/components/deep/two.tsx`,
        `${base}/hooks/three.ts`,
        `${base}/api/reexport.ts`,
      ].sort(),
    );
  });

  it('allows the feature itself, shared app code and packages', () => {
    const flagged = lint({
      'apps/dashboard/src/features/orders/api/ok.ts': [
        "import { Button } from '@lantern/ui';",
        "import { MESSAGES } from '@lantern/contracts';",
        "import { api } from '../../../lib/api.ts';",
        "import { PageFrame } from '../../../components/page-frame.tsx';",
        "import { useOrders } from './get-orders.ts';",
        "import { Offer } from '../components/product-offer.tsx';",
        '',
        'export const all = [Button, MESSAGES, api, PageFrame, useOrders, Offer];',
        '',
      ].join('\n'),
    });
    expect(flagged).toEqual([]);
  });
});

describe('the dashboard today', () => {
  it('has no import from one feature into another', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(entry.name)) {
          const feature = relative(featuresDir, path).split(sep)[0];
          const source = readFileSync(path, 'utf8');
          for (const m of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
            const target = relative(featuresDir, resolve(dirname(path), m[1] as string));
            const targetFeature = target.split(sep)[0];
            if (!target.startsWith('..') && targetFeature !== feature) {
              found.push(`${relative(here, path)} imports ${m[1]}`);
            }
          }
        }
      }
    };
    walk(featuresDir);
    expect(found).toEqual([]);
  });
});
