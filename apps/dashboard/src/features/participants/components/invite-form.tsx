import { PROPERTY_ROLES, ROLE_LABELS } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button, Checkbox, Select, TextField } from '@lantern/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useInvite } from '../api/participants.ts';

const ROLE_OPTIONS = PROPERTY_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/** Invite someone by email with a role; they get a link to accept after signing in. */
export function InviteForm({ property }: { property: string }) {
  const invite = useInvite(property);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const error = invite.error instanceof ApiError ? invite.error : null;
  // Once a refusal has rendered, put the person where the problem is.
  useEffect(() => {
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const email = String(data.get('email') ?? '');
    setSentTo(null);
    invite.mutate(
      {
        email,
        role: String(data.get('role') ?? '') as (typeof PROPERTY_ROLES)[number],
        canEdit: data.get('canEdit') === 'on',
      },
      {
        onSuccess: () => {
          setSentTo(email);
          form.current?.reset();
        },
      },
    );
  };

  return (
    <form
      ref={form}
      className="ds-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title">Invite someone</h2>
      <p>
        We will email them a link. Once they sign in or create an account with that address, the
        property appears in their dashboard.
      </p>
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="off"
        required
        error={error?.field('email')}
      />
      <Select
        label="Their role"
        name="role"
        placeholder="Choose a role"
        options={ROLE_OPTIONS}
        required
        error={error?.field('role')}
      />
      <Checkbox
        label="They can manage this property"
        name="canEdit"
        hint="People who manage can edit the address and invite, change or remove participants."
      />
      {error && !error.body.errors ? <Alert tone="danger">{error.message}</Alert> : null}
      {sentTo ? <Alert tone="success">Invitation sent to {sentTo}.</Alert> : null}
      <Button type="submit" loading={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}
