// tsc never copies a declaration file it reads into outDir: the generated types go to dist by hand,
// beside the index.d.ts that imports them as ./schema.gen.js.
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
await copyFile(join(root, 'src/schema.gen.d.ts'), join(root, 'dist/schema.gen.d.ts'));
