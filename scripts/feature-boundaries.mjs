// Writes biome.json's feature-boundary overrides from the folders in apps/dashboard/src/features:
// one override per feature that forbids importing any other feature (decision 021). Run it after
// adding or removing a feature folder: `node scripts/feature-boundaries.mjs`; the dashboard's
// feature-boundaries test checks the result.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const prefix = 'apps/dashboard/src/features/';
const features = readdirSync(join(root, prefix), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const file = join(root, 'biome.json');
const config = JSON.parse(readFileSync(file, 'utf8'));
const isBoundary = (o) => o.includes?.some((i) => i.startsWith(prefix));
const first = config.overrides.findIndex(isBoundary);
const template = config.overrides[first];
const message =
  template?.linter.rules.style.noRestrictedImports.options.patterns[0].message ??
  'A dashboard feature never imports another feature.';
const overrides = features.map((feature) => ({
  includes: [`${prefix}${feature}/**`],
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: 'error',
          options: {
            patterns: [
              {
                group: [
                  '**/features/**',
                  ...features.filter((f) => f !== feature).map((f) => `../**/${f}/**`),
                ],
                message,
              },
            ],
          },
        },
      },
    },
  },
}));
const others = config.overrides.filter((o) => !isBoundary(o));
config.overrides = [...others.slice(0, first), ...overrides, ...others.slice(first)];
writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
console.log(`biome.json: boundaries for ${features.length} features`);
