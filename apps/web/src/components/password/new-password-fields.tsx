import { PASSWORD_MIN } from '@lantern/contracts';
import { TextField } from '@lantern/ui';

/** The new password and its confirmation, as the reset-by-link and reset-by-PIN forms ask them. */
export function NewPasswordFields({
  errors,
}: {
  errors: { password?: string | undefined; password_confirmation?: string | undefined };
}) {
  return (
    <>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`Use at least ${PASSWORD_MIN} characters.`}
        error={errors.password}
      />
      <TextField
        label="Confirm new password"
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
      />
    </>
  );
}
