import { MESSAGES, ZLoginRequestSchema, ZSignUpRequestSchema } from '@lantern/contracts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fieldError } from './api-errors.ts';
import { useSchemaForm } from './use-schema-form.ts';

async function submit<S extends typeof ZLoginRequestSchema | typeof ZSignUpRequestSchema>(
  schema: S,
  values: { email: string; password: string },
) {
  const { result } = renderHook(() => {
    const form = useSchemaForm(schema, { defaultValues: values });
    // react-hook-form re-renders for the state a component reads.
    void form.formState.errors;
    return form;
  });
  const onValid = vi.fn();
  await act(() => result.current.handleSubmit(onValid)());
  const { errors } = result.current.formState;
  return {
    onValid,
    errors: { email: fieldError(errors, 'email'), password: fieldError(errors, 'password') },
  };
}

describe('useSchemaForm', () => {
  it('gives the contract messages for empty fields', async () => {
    const { errors, onValid } = await submit(ZLoginRequestSchema, { email: '', password: '' });
    expect(errors).toEqual({ email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired });
    expect(onValid).not.toHaveBeenCalled();
  });

  it('applies the sign-up password policy and reports a malformed email', async () => {
    const { errors } = await submit(ZSignUpRequestSchema, { email: 'nope', password: 'short' });
    expect(errors).toEqual({ email: MESSAGES.emailInvalid, password: MESSAGES.passwordTooShort });
  });

  it('hands over the parsed data, with the schema’s defaults', async () => {
    const { onValid, errors } = await submit(ZLoginRequestSchema, {
      email: ' a@example.com ',
      password: 'pw',
    });
    expect(errors).toEqual({ email: undefined, password: undefined });
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      email: 'a@example.com',
      password: 'pw',
      remember: false,
      promoOptin: false,
    });
  });
});
