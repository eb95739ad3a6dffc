import { PASSWORD_MIN } from '@lantern/contracts';
import { TextField } from '@lantern/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The new password and its confirmation, as the reset-by-link and reset-by-PIN forms ask them. */
export function NewPasswordFields({
  register,
  errors,
}: {
  register: (name: 'password' | 'password_confirmation') => UseFormRegisterReturn;
  errors: { password?: string | undefined; password_confirmation?: string | undefined };
}) {
  return (
    <>
      <TextField
        {...register('password')}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`Use at least ${PASSWORD_MIN} characters.`}
        error={errors.password}
      />
      <TextField
        {...register('password_confirmation')}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
      />
    </>
  );
}
