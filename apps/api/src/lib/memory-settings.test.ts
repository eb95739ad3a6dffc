import { describe, expect, it } from 'vitest';
import { MEMORY_ENV, MEMORY_FLAGS, missingMemorySettings } from './memory-settings.ts';

describe('missingMemorySettings', () => {
  it('asks for every setting when the process has none', () => {
    expect(missingMemorySettings({}, [])).toEqual({ env: MEMORY_ENV, flags: [...MEMORY_FLAGS] });
  });

  it('asks for nothing once the process runs with them (no restart loop)', () => {
    expect(missingMemorySettings({ ...MEMORY_ENV }, [...MEMORY_FLAGS])).toBeNull();
  });

  it('adds only what is missing', () => {
    expect(missingMemorySettings({ MALLOC_ARENA_MAX: '2' }, [...MEMORY_FLAGS])).toEqual({
      env: { MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' },
      flags: [],
    });
    expect(missingMemorySettings({ ...MEMORY_ENV }, [])).toEqual({
      env: {},
      flags: [...MEMORY_FLAGS],
    });
    expect(missingMemorySettings({}, ['--inspect', ...MEMORY_FLAGS])).toEqual({
      env: MEMORY_ENV,
      flags: [],
    });
  });

  it("keeps the operator's own values, in the command line or NODE_OPTIONS", () => {
    expect(
      missingMemorySettings(
        { ...MEMORY_ENV, MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-semi-space-size=32' },
        ['--heap_growing_percent=20'],
      ),
    ).toBeNull();
  });
});
