import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Expand, then contract (issue 26; docs/operations.md "Upgrading"): during a rolling upgrade the
 * previous release still runs against the migrated database, so a migration may only add what
 * the old code ignores. Removing or reshaping something is a later "contract" migration, shipped
 * once no running release reads it, and says so in its first line: `-- contract: <why it is safe>`.
 */
const FOLDER = join(import.meta.dirname, '..', 'migrations');
/** Written before a second release existed, when no old code could be running. */
const BEFORE_THE_RULE = 8;

const BREAKING: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|TYPE|VIEW|SCHEMA)\b/i, 'drops a table, type, view or schema'],
  [/\bDROP\s+COLUMN\b/i, 'drops a column'],
  [/\bRENAME\b/i, 'renames something the old code names'],
  [/\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i, "changes a column's type"],
  [/\bALTER\s+COLUMN\s+"?\w+"?\s+SET\s+NOT\s+NULL\b/i, 'makes an existing column required'],
  [
    /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
    'adds a required column without a default',
  ],
];

/** Why a migration's statements would break the release before it; empty when they would not. */
export function breakingChanges(sql: string): string[] {
  if (/^\s*--\s*contract:\s*\S/.test(sql)) return [];
  const statements = sql.split(/-->\s*statement-breakpoint|;\s*\n/);
  const found = new Set<string>();
  for (const statement of statements) {
    for (const [pattern, why] of BREAKING) if (pattern.test(statement)) found.add(why);
  }
  return [...found];
}

describe('migrations stay compatible with the release before them', () => {
  it('recognises breaking statements, and a contract migration that says why', () => {
    expect(breakingChanges('ALTER TABLE "users" DROP COLUMN "admin";')).toEqual(['drops a column']);
    expect(breakingChanges('ALTER TABLE "a" ADD COLUMN "b" text NOT NULL;')).toEqual([
      'adds a required column without a default',
    ]);
    expect(breakingChanges('ALTER TABLE "a" ADD COLUMN "b" text DEFAULT \'x\' NOT NULL;')).toEqual(
      [],
    );
    expect(breakingChanges('CREATE TABLE "a" ("id" serial PRIMARY KEY NOT NULL);')).toEqual([]);
    expect(
      breakingChanges('-- contract: 0009 stopped reading it\nALTER TABLE "a" DROP COLUMN "b";'),
    ).toEqual([]);
  });

  it('holds for every migration since the rule', () => {
    const problems: string[] = [];
    for (const file of readdirSync(FOLDER).filter((f) => f.endsWith('.sql'))) {
      if (Number.parseInt(file, 10) < BEFORE_THE_RULE) continue;
      for (const why of breakingChanges(readFileSync(join(FOLDER, file), 'utf8'))) {
        problems.push(`${file} ${why}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
