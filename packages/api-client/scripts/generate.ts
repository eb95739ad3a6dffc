// `pnpm --filter @lantern/api-client generate`: builds the API in a child process (on an
// in-memory database, apps/api/src/cli/openapi-v1.ts), takes its public OpenAPI document and
// writes the client's types to src/schema.gen.d.ts.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { renderSchemaTypes } from './render.ts';

const root = join(import.meta.dirname, '..');
const cli = join(root, '../../apps/api/src/cli/openapi-v1.ts');
const { stdout } = await promisify(execFile)(process.execPath, [cli], {
  maxBuffer: 64 * 1024 * 1024,
});
const types = await renderSchemaTypes(JSON.parse(stdout));
await writeFile(join(root, 'src/schema.gen.d.ts'), types);
process.stdout.write(`src/schema.gen.d.ts: ${types.length} characters\n`);
