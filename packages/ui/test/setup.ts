import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy… waits up to 1 s by default; a busy machine can take longer to render (see the config).
configure({ asyncUtilTimeout: 10_000 });

// A stray console.error (a React warning, a failed prop type, an a11y warning from Radix) is a
// bug, so it fails the test that caused it.
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  cleanup();
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.join('\n')}`);
  }
});
