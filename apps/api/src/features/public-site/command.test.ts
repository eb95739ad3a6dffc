import { describe, expect, it } from 'vitest';
import { splitCommand } from './command.ts';

describe('splitCommand', () => {
  it('splits words on spaces and keeps quoted words whole', () => {
    expect(splitCommand('pnpm --filter @lantern/web build')).toEqual([
      'pnpm',
      '--filter',
      '@lantern/web',
      'build',
    ]);
    expect(splitCommand(`  node "/opt/my scripts/rebuild.mjs"   'it''s' a\\ b ""`)).toEqual([
      'node',
      '/opt/my scripts/rebuild.mjs',
      'its',
      'a b',
      '',
    ]);
    expect(splitCommand(`sh -c 'echo "$HOME" | wc -c'`)).toEqual([
      'sh',
      '-c',
      'echo "$HOME" | wc -c',
    ]);
    expect(splitCommand('a\\;b')).toEqual(['a;b']);
  });

  it('refuses what only a shell would understand, so nothing is silently passed on as a word', () => {
    for (const command of [
      'build && deploy',
      'build | tee log',
      'build > log',
      'build; deploy',
      'echo $HOME',
      'echo `id`',
      'echo "$(id)"',
      'run (x)',
    ])
      expect(() => splitCommand(command), command).toThrow(/needs a shell/);
    expect(() => splitCommand('node "unclosed')).toThrow(/not closed/);
    expect(() => splitCommand('   ')).toThrow(/empty/);
    expect(() => splitCommand('node \\')).toThrow(/backslash/);
  });
});
