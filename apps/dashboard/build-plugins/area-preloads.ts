import { resolve } from 'node:path';
import { AREA_PRELOADS_FILE, type TAreaPreloads } from '@lantern/domain';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Area prefix → the modules its landing page imports through route `lazy` (from the app root). */
export type AreaLandings = Record<string, readonly string[]>;

/**
 * Writes dist/area-preloads.json (decision 083): for each area, the chunks its landing page
 * needs beyond the entry — the chunks of the modules its routes load lazily, and their static
 * imports — with their CSS. The API links them from the shell it serves for that area, so they
 * arrive with the entry rather than after it has run. A landing module in no chunk (renamed) or in
 * the entry (imported statically after all) fails the build.
 */
export function areaPreloads(landings: AreaLandings): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'area-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('The dashboard build has no entry chunk');
      // What the shell's own <script> and Vite's modulepreload links fetch already.
      const withEntry = new Set(staticClosure(bundle, [entry.fileName]));
      const areas: TAreaPreloads = {};
      for (const [area, modules] of Object.entries(landings)) {
        const roots = modules.map((module) => {
          const id = resolve(root, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk || chunk === entry)
            throw new Error(
              `${module} (the ${area} landing page) is in ${chunk ? 'the entry' : 'no chunk'}`,
            );
          return chunk.fileName;
        });
        const files = staticClosure(bundle, roots).filter((f) => !withEntry.has(f));
        const styles = files.flatMap((f) => [...chunkAt(bundle, f).viteMetadata.importedCss]);
        areas[area] = [...files, ...new Set(styles)].map((f) => `${base}${f}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: AREA_PRELOADS_FILE,
        source: `${JSON.stringify(areas, null, 2)}\n`,
      });
    },
  };
}

function chunkAt(bundle: OutputBundle, fileName: string) {
  const file = bundle[fileName];
  if (file?.type !== 'chunk' || !file.viteMetadata) throw new Error(`${fileName} is no chunk`);
  return file as OutputChunk & { viteMetadata: NonNullable<OutputChunk['viteMetadata']> };
}

/** The chunks `roots` load before they run: themselves and their static imports, in order. */
function staticClosure(bundle: OutputBundle, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunkAt(bundle, fileName).imports) visit(imported);
  };
  for (const fileName of roots) visit(fileName);
  return [...seen];
}
