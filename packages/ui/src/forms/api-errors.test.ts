import { MESSAGES } from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiFormErrors, FORM_ERROR, setApiErrors } from './api-errors.ts';

const FIELDS = ['email', 'password'] as const;

describe('apiFormErrors', () => {
  it('puts a 422 field error under its field and nothing above the form', () => {
    const error = new ApiError(422, {
      message: MESSAGES.validationFailed,
      errors: { email: [MESSAGES.emailTaken, 'second'], other: ['not ours'] },
    });
    expect(apiFormErrors(error, FIELDS)).toEqual({ fields: { email: MESSAGES.emailTaken } });
  });

  it('shows a 422 naming none of the form’s fields above the form', () => {
    const error = new ApiError(422, { message: 'Nope.', errors: { other: ['x'] } });
    expect(apiFormErrors(error, FIELDS)).toEqual({ fields: {}, form: 'Nope.' });
  });

  it('gives the one network message when the request never arrived', () => {
    expect(apiFormErrors(new TypeError('Failed to fetch'), FIELDS)).toEqual({
      fields: {},
      form: MESSAGES.networkError,
    });
  });

  it('uses the server’s 429 wording, or the wait time it gave', () => {
    expect(apiFormErrors(new ApiError(429, { message: 'Slow down.' }), FIELDS).form).toBe(
      'Slow down.',
    );
    expect(apiFormErrors(new ApiError(429, { message: '', retryAfter: 1 }), FIELDS).form).toBe(
      MESSAGES.tooManyAttempts(1),
    );
  });

  it('shows the message of a field that has no input on the form above it', () => {
    const error = new ApiError(422, {
      message: MESSAGES.validationFailed,
      errors: { product: ['That product is not offered here.'] },
    });
    expect(apiFormErrors(error, ['coupon'], { aboveForm: ['product'] })).toEqual({
      fields: {},
      form: 'That product is not offered here.',
    });
  });

  it('falls back to the server-error text for an empty 5xx', () => {
    expect(apiFormErrors(new ApiError(500, { message: '' }), FIELDS).form).toBe(
      MESSAGES.serverError,
    );
  });
});

describe('setApiErrors', () => {
  it('sets each field error, focusing the first, and the rest as the form error', () => {
    const setError = vi.fn();
    const error = new ApiError(403, {
      message: 'Not yours.',
      errors: { email: ['bad email'], password: ['bad password'] },
    });
    setApiErrors(error, setError, [...FIELDS]);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'bad email' }, { shouldFocus: true }],
      ['password', { type: 'server', message: 'bad password' }, { shouldFocus: false }],
      [FORM_ERROR, { type: 'server', message: 'Not yours.' }],
    ]);
  });
});
