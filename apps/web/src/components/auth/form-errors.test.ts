import { MESSAGES, ZLoginRequestSchema, ZSignUpRequestSchema } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { describe, expect, it } from 'vitest';
import { errorsFromFailure, safeRedirect, validate } from './form-errors.ts';

const FIELDS = ['email', 'password'] as const;

describe('validate', () => {
  it('gives the contract messages for empty fields', () => {
    const result = validate(ZLoginRequestSchema, { email: '', password: '' });
    expect(result).toEqual({
      ok: false,
      fields: { email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired },
    });
  });

  it('applies the sign-up password policy', () => {
    const result = validate(ZSignUpRequestSchema, { email: 'a@example.com', password: 'short' });
    expect(result).toEqual({ ok: false, fields: { password: MESSAGES.passwordTooShort } });
  });

  it('reports a malformed email', () => {
    const result = validate(ZLoginRequestSchema, { email: 'nope', password: 'x' });
    expect(result).toEqual({ ok: false, fields: { email: MESSAGES.emailInvalid } });
  });

  it('returns the parsed data with defaults when valid', () => {
    const result = validate(ZLoginRequestSchema, { email: ' a@example.com ', password: 'pw' });
    expect(result).toEqual({
      ok: true,
      data: { email: 'a@example.com', password: 'pw', remember: false, promoOptin: false },
    });
  });
});

describe('errorsFromFailure', () => {
  it('puts 422 field errors under their inputs', () => {
    const error = new ApiError(422, {
      message: MESSAGES.invalidCredentials,
      errors: { email: [MESSAGES.invalidCredentials, 'second'] },
    });
    expect(errorsFromFailure(error, FIELDS)).toEqual({
      fields: { email: MESSAGES.invalidCredentials },
    });
  });

  it('shows a 422 that names no known field above the form', () => {
    const error = new ApiError(422, { message: 'Odd.', errors: { other: ['x'] } });
    expect(errorsFromFailure(error, FIELDS)).toEqual({ fields: {}, form: 'Odd.' });
  });

  it("shows the server's own 429 message", () => {
    const message = MESSAGES.tooManyAttempts(42);
    const error = new ApiError(429, { message, retryAfter: 42 });
    expect(errorsFromFailure(error, FIELDS)).toEqual({ fields: {}, form: message });
  });

  it('builds a 429 message from retryAfter when the server sent none', () => {
    const error = new ApiError(429, { message: '', retryAfter: 1 });
    expect(errorsFromFailure(error, FIELDS).form).toBe(MESSAGES.tooManyAttempts(1));
  });

  it('shows a server error message above the form', () => {
    const error = new ApiError(500, { message: MESSAGES.serverError });
    expect(errorsFromFailure(error, FIELDS)).toEqual({ fields: {}, form: MESSAGES.serverError });
  });

  it('explains a network failure', () => {
    expect(errorsFromFailure(new TypeError('Failed to fetch'), FIELDS)).toEqual({
      fields: {},
      form: MESSAGES.networkError,
    });
  });
});

describe('safeRedirect', () => {
  it('follows a same-origin path', () => {
    expect(safeRedirect('/dashboard?property=abc')).toBe('/dashboard?property=abc');
  });

  it('refuses other origins and protocol-relative paths', () => {
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect(undefined)).toBe('/dashboard');
  });
});
