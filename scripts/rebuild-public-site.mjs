// Rebuild the public site in place while the server keeps serving it: Astro builds into a
// folder beside the live one, and the two are swapped by renames only when the build succeeded,
// so visitors never meet a half-written or empty site (a plain `astro build` empties dist/ first).
// Meant as PUBLIC_SITE_REBUILD_COMMAND="node scripts/rebuild-public-site.mjs" (docs/operations.md);
// run from the repository root. WEB_DIST names the live folder as it does for the server.
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const live = resolve(process.env.WEB_DIST ?? 'apps/web/dist');
const next = `${live}.next`;
const old = `${live}.old`;

rmSync(next, { recursive: true, force: true });
execFileSync('pnpm', ['--filter', '@lantern/web', 'exec', 'astro', 'build', '--outDir', next], {
  stdio: 'inherit',
});
// The prerendered pages are in client/ (the adapter's layout); the home page renders on demand.
if (!existsSync(resolve(next, 'client', '404.html'))) {
  console.error(`The build left no ${next}/client/404.html; the live site is unchanged.`);
  process.exit(1);
}
rmSync(old, { recursive: true, force: true });
if (existsSync(live)) renameSync(live, old);
renameSync(next, live);
rmSync(old, { recursive: true, force: true });
console.log(`Public site rebuilt into ${live}.`);
