import { ZInviteRequestSchema } from '@lantern/contracts';
import { PROPERTY_ROLES, ROLE_LABELS } from '@lantern/domain';
import {
  Alert,
  Button,
  Checkbox,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { useInvite } from '../api/participants.ts';

const ROLE_OPTIONS = PROPERTY_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
/** The invitation as the form holds it: the property comes from the page. */
const ZInviteFormSchema = ZInviteRequestSchema.omit({ property: true });

/** Invite someone by email with a role; they get a link to accept after signing in. */
export function InviteForm({ property }: { property: string }) {
  const invite = useInvite(property);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZInviteFormSchema, { defaultValues: { email: '', canEdit: false } });

  const submit = handleSubmit(async (body) => {
    try {
      await invite.mutateAsync(body);
      setSentTo(body.email);
      reset();
    } catch (error) {
      setApiErrors(error, setError, ['email', 'role']);
    }
  });

  const message = formError(errors);
  return (
    <form
      className="ds-form"
      onSubmit={(e) => {
        setSentTo(null);
        void submit(e);
      }}
      noValidate
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title">Invite someone</h2>
      <p>
        We will email them a link. Once they follow it, or sign in with that address after
        confirming it, the property appears in their dashboard.
      </p>
      <TextField
        {...register('email')}
        label="Email address"
        type="email"
        autoComplete="off"
        required
        error={fieldError(errors, 'email')}
      />
      <Select
        {...register('role')}
        label="Their role"
        placeholder="Choose a role"
        options={ROLE_OPTIONS}
        required
        error={fieldError(errors, 'role')}
      />
      <Checkbox
        {...register('canEdit')}
        label="They can manage this property"
        hint="People who manage can edit the address and invite, change or remove participants."
      />
      {message ? <Alert tone="danger">{message}</Alert> : null}
      {sentTo ? <Alert tone="success">Invitation sent to {sentTo}.</Alert> : null}
      <Button type="submit" loading={isSubmitting}>
        Send invitation
      </Button>
    </form>
  );
}
