import { VENDOR_REFERRAL_TEXTS, ZReferralInviteRequestSchema } from '@lantern/contracts';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { useInviteReferral } from '../api/referrals.ts';

/** "Refer a customer" (issue 24): name, email and a note of the referrer's own. */
export function ReferForm() {
  const invite = useInviteReferral();
  const [done, setDone] = useState<string | null>(null);
  const form = useSchemaForm(ZReferralInviteRequestSchema, {
    defaultValues: { name: '', email: '', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setDone(null);
    try {
      const row = await invite.mutateAsync(body);
      form.reset();
      setDone(VENDOR_REFERRAL_TEXTS.invited(row.email));
    } catch (error) {
      setApiErrors(error, form.setError, ['name', 'email', 'note']);
    }
  });
  const problem = formError(errors);
  return (
    <section aria-labelledby="refer-title">
      <h2 id="refer-title">Refer a customer</h2>
      <p>
        We email them a link to create a free account (or sign in) and accept your referral. Once
        they accept, you see how far they have come below.
      </p>
      <form onSubmit={submit} noValidate aria-label="Refer a customer">
        <TextField
          label="Name"
          autoComplete="off"
          error={fieldError(errors, 'name')}
          {...form.register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={fieldError(errors, 'email')}
          {...form.register('email')}
        />
        <TextAreaField
          label="Note (optional)"
          hint="Quoted in the email as your words."
          rows={3}
          error={fieldError(errors, 'note')}
          {...form.register('note')}
        />
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <p className="ds-actions">
          <Button type="submit" loading={isSubmitting}>
            Send invitation
          </Button>
        </p>
        <div role="status">
          {done ? (
            <Alert tone="success" announce={false}>
              {done}
            </Alert>
          ) : null}
        </div>
      </form>
    </section>
  );
}
