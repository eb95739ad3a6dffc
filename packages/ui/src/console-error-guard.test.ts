import { describe, it } from 'vitest';

describe('test setup', () => {
  // The setup file turns console.error into a failure; `fails` passes only if it did.
  it.fails('fails a test that writes to console.error', () => {
    console.error('stray error');
  });
});
