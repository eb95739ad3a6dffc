import { readErrorResponse } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { ZErrorResponseSchema } from './errors.ts';

/** The front ends read error bodies without zod: they must read them as the schema does. */
const BODIES: unknown[] = [
  { message: 'Please correct the highlighted fields.', errors: { email: ['Email is required.'] } },
  { message: 'Slow down.', retryAfter: 30, extra: 'dropped' },
  { message: 'Missing scope.', scope: 'listings:write', errorBag: 'login', display_error: 'x' },
  { message: 'Bad wait.', retryAfter: 1.5 },
  { message: 'Bad errors.', errors: { email: 'not a list' } },
  { message: 'Bad errors.', errors: ['a'] },
  { message: 42 },
  { errors: {} },
  'text',
  null,
  [],
];

describe('readErrorResponse', () => {
  it.each(BODIES.map((body) => [JSON.stringify(body), body]))(
    'reads %s as the schema',
    (_, body) => {
      const parsed = ZErrorResponseSchema.safeParse(body);
      expect(readErrorResponse(body)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );
});
