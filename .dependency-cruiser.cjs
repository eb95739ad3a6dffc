// The layering and boundary rules of the code (issue 42; docs/decisions/072-api-by-feature.md).
// `pnpm lint` runs them; apps/api/test/dependency-rules.test.ts proves each rule refuses what it
// is for on a fixture tree. Paths are not anchored so that the fixture tree, which mirrors the
// repository's folders under apps/api/test/fixtures/dependency-rules/, is judged the same way.
const TESTS = '\\.test\\.tsx?$';
// A feature's folder (src/features/<feature>/): its queries, its wiring, and its services.
const REPOSITORY = 'apps/api/src/features/.+\\.repository\\.ts$';
const PLUGIN = 'apps/api/src/features/.+\\.plugin\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other: move what both need into a third module.',
      // One data-model exception: a trip charge's order names its work order and a work order
      // names its order, so these two tables' foreign keys point at each other (drizzle reads
      // both references lazily).
      from: { pathNot: 'packages/db/src/schema/(orders|work-orders)\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'api-lib-is-pure',
      severity: 'error',
      comment: 'src/lib holds helpers that know nothing of the app: it imports only itself.',
      from: { path: 'apps/api/src/lib/', pathNot: TESTS },
      to: { path: 'apps/api/src/(?!lib/)' },
    },
    {
      name: 'api-rules-are-pure',
      severity: 'error',
      comment: 'src/rules holds pure business rules (prices, coupons, roles): only lib and rules.',
      from: { path: 'apps/api/src/rules/', pathNot: TESTS },
      to: { path: 'apps/api/src/(?!lib/|rules/)' },
    },
    {
      name: 'api-repositories-import-down',
      severity: 'error',
      comment:
        'A repository (*.repository.ts) holds queries: it imports other repositories, rules and lib, never a service, a plugin or a route.',
      from: { path: REPOSITORY },
      to: { path: 'apps/api/src/(features|plugins|routes)/', pathNot: REPOSITORY },
    },
    {
      name: 'api-services-import-down',
      severity: 'error',
      comment:
        "A service (a feature's other modules) holds rules: it never imports a plugin (wiring) or a route.",
      from: { path: 'apps/api/src/features/', pathNot: [REPOSITORY, PLUGIN, TESTS] },
      to: { path: ['apps/api/src/(plugins|routes)/', PLUGIN] },
    },
    {
      name: 'api-plugins-import-no-route',
      severity: 'error',
      comment: 'Plugins wire services into the app; routes come after them and use them.',
      from: { path: ['apps/api/src/plugins/', PLUGIN], pathNot: TESTS },
      to: { path: 'apps/api/src/routes/' },
    },
    {
      name: 'dashboard-feature-boundaries',
      severity: 'error',
      comment:
        'A dashboard feature never imports another feature (decision 021): share through src/components, src/lib or a package.',
      from: { path: 'apps/dashboard/src/features/([^/]+)/' },
      to: {
        path: 'apps/dashboard/src/features/',
        pathNot: 'apps/dashboard/src/features/$1/',
      },
    },
    {
      name: 'domain-is-zod-free',
      severity: 'error',
      comment:
        '@lantern/domain is what every front end can afford (decision 073): it never imports zod or @lantern/contracts, which depends on it.',
      from: { path: 'packages/domain/' },
      to: {
        path: [
          '^(zod|@lantern/contracts)(/|$)',
          'node_modules/zod/',
          'node_modules/\\.pnpm/zod@',
          'packages/contracts/',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.astro/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
