// `pnpm docs:tables` writes the plugin table of src/plugins/README.md and the route table of
// src/routes/README.md from the code, between their marker comments; `pnpm docs:tables --check`
// (part of `pnpm lint`) fails when a committed table differs from what it would write. A file
// scan is enough: no app is built, so it runs in well under a second.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLUGIN_JOBS, ROUTE_TEXTS } from './docs-tables-texts.ts';

const SRC = join(import.meta.dirname, '..', 'src');
const TEXTS = 'apps/api/scripts/docs-tables-texts.ts';

/** Every file under `dir` (relative to SRC), sorted, tests left out. */
function filesUnder(dir: string): string[] {
  const entries = readdirSync(join(SRC, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name).slice(SRC.length + 1))
    .sort();
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function code(names: string[]): string {
  return names.length ? names.map((n) => `\`${n}\``).join(', ') : '—';
}

/** What a plugin file decorates: `app.decorate('x')` → x, decorateRequest → request.x, … */
function decorators(source: string): string[] {
  const found = source.matchAll(/\.decorate(Request|Reply)?\(\s*['"]([\w$]+)['"]/g);
  const names = [...found].map(([, kind, name]) =>
    kind ? `${kind.toLowerCase()}.${name}` : `${name}`,
  );
  return [...new Set(names)];
}

/** The `fastify-plugin` options at the end of the file: its name and what it depends on. */
function pluginOptions(source: string): { name?: string; dependencies: string[] } {
  const all = [...source.matchAll(/name:\s*'([\w-]+)',?\s*(?:dependencies:\s*\[([^\]]*)\])?/g)];
  const last = all.at(-1);
  if (!last) return { dependencies: [] };
  const dependencies = [...(last[2] ?? '').matchAll(/'([\w-]+)'/g)].map((m) => m[1] as string);
  return { name: last[1] as string, dependencies };
}

function pluginTable(problems: string[]): string {
  const plugins = [
    ...filesUnder('plugins/core'),
    ...filesUnder('plugins/external'),
    ...filesUnder('features').filter((f) => f.endsWith('.plugin.ts')),
  ];
  const rows = plugins.map((path) => {
    const source = readFileSync(join(SRC, path), 'utf8');
    const { name, dependencies } = pluginOptions(source);
    const job = PLUGIN_JOBS[path];
    if (!job) problems.push(`${path} has no job in ${TEXTS} (PLUGIN_JOBS)`);
    const named = name ? `\`${name}\`` : '—';
    return `| \`${path}\` | ${named} | ${code(dependencies)} | ${code(decorators(source))} | ${cell(job ?? '')} |`;
  });
  for (const path of Object.keys(PLUGIN_JOBS)) {
    if (!plugins.includes(path)) problems.push(`${TEXTS} describes ${path}, which is no plugin`);
  }
  return [
    '| Plugin | Name | Depends on | Decorates | Job |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The sign-in a route folder's `autohooks.ts` declares, or the nearest parent folder's. */
function needs(folder: string): string {
  const parts = folder.split('/').filter(Boolean);
  for (let depth = parts.length; depth > 0; depth--) {
    const hooks = join(SRC, 'routes', ...parts.slice(0, depth), 'autohooks.ts');
    if (!existsSync(hooks)) continue;
    const source = readFileSync(hooks, 'utf8');
    const what = source.includes('access.guard')
      ? 'staff or vendor permission (`config.access`)'
      : source.includes('requireUser')
        ? 'sign-in'
        : 'hooks';
    return depth === parts.length ? what : `${what}, from \`${parts.slice(0, depth).join('/')}/\``;
  }
  return 'none';
}

function routeTable(problems: string[]): string {
  const files = filesUnder('routes').filter((f) => !f.startsWith('routes/_shared/'));
  const byFolder = new Map<string, string[]>();
  for (const file of files) {
    const rest = file.slice('routes/'.length);
    const slash = rest.lastIndexOf('/');
    // A file at the top level is its own row; a folder's files share their folder's row.
    const key = slash < 0 ? rest : rest.slice(0, slash + 1);
    const name = rest.slice(slash + 1);
    if (name === 'autohooks.ts') {
      if (!byFolder.has(key)) byFolder.set(key, []);
      continue;
    }
    byFolder.set(key, [...(byFolder.get(key) ?? []), name.replace(/\.ts$/, '')]);
  }
  const keys = [...byFolder.keys()].sort();
  const rows = keys.map((key) => {
    const what = ROUTE_TEXTS[key];
    if (!what) problems.push(`routes/${key} has no text in ${TEXTS} (ROUTE_TEXTS)`);
    const folder = key.endsWith('/');
    const prefix = folder ? `\`/${key.slice(0, -1)}\`` : '—';
    const routeFiles = folder ? code(byFolder.get(key) ?? []) : '—';
    return `| \`${key}\` | ${prefix} | ${folder ? needs(key) : 'none'} | ${routeFiles} | ${cell(what ?? '')} |`;
  });
  for (const key of Object.keys(ROUTE_TEXTS)) {
    if (!keys.includes(key)) problems.push(`${TEXTS} describes routes/${key}, which has no routes`);
  }
  return [
    '| Folder | Prefix | Needs | Route files | What |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** `readme` with the text between `<!-- docs:tables NAME -->` and its end marker replaced. */
function withTable(readme: string, name: string, table: string, file: string): string {
  const start = `<!-- docs:tables ${name}: written by \`pnpm docs:tables\`; edit ${TEXTS} or the code -->`;
  const end = `<!-- /docs:tables ${name} -->`;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} lacks the markers:\n${start}\n${end}`);
  return `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`;
}

function main(): void {
  const check = process.argv.includes('--check');
  const problems: string[] = [];
  const tables = [
    { file: 'plugins/README.md', name: 'plugins', table: pluginTable(problems) },
    { file: 'routes/README.md', name: 'routes', table: routeTable(problems) },
  ];
  const stale: string[] = [];
  for (const { file, name, table } of tables) {
    const path = join(SRC, file);
    const before = readFileSync(path, 'utf8');
    const after = withTable(before, name, table, `apps/api/src/${file}`);
    if (after === before) continue;
    stale.push(`apps/api/src/${file}`);
    if (!check) writeFileSync(path, after);
  }
  for (const problem of problems) console.error(problem);
  if (check && stale.length) {
    console.error(`Stale generated tables in ${stale.join(', ')}: run \`pnpm docs:tables\`.`);
  } else if (stale.length) {
    console.log(`Wrote ${stale.join(', ')}.`);
  }
  if (problems.length || (check && stale.length)) process.exitCode = 1;
}

main();
