import { afterEach, beforeEach, vi } from 'vitest';

// A stray console.error in a test is a failure (STYLE.md "Tests").
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length)
    throw new Error(`console.error was called: ${errors.map((a) => a.join(' ')).join('\n')}`);
});
