import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary copy of `folder` whose journal ends at `lastTag` (included): the migrations as an
 * earlier release had them, so a test can build the database that release left behind. The
 * caller removes the folder.
 */
export function migrationsUpTo(folder: string, lastTag: string): string {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration tagged ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  const copy = mkdtempSync(join(tmpdir(), 'lantern-migrations-'));
  mkdirSync(join(copy, 'meta'));
  for (const { tag } of journal.entries as { tag: string }[]) {
    cpSync(join(folder, `${tag}.sql`), join(copy, `${tag}.sql`));
  }
  writeFileSync(join(copy, 'meta', '_journal.json'), JSON.stringify(journal));
  return copy;
}
