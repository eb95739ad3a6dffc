import { COVERAGE_STATES, ZPutLicenseRequestSchema } from '@lantern/contracts';
import {
  Alert,
  Button,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { useLicenses, usePutLicense, useRemoveLicense } from '../api/referrals.ts';

/**
 * A person's real estate licenses on file (issue 23): referral fees are paid only under one
 * valid in the property's state. Staff with "Manage referrals" add, renew and remove them.
 */
export function LicensesSection({ hash }: { hash: string }) {
  const licenses = useLicenses(hash);
  const remove = useRemoveLicense(hash);
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <section className="adm-section" aria-labelledby="licenses-title">
      <h2 id="licenses-title">Real estate licenses</h2>
      {licenses.isError ? <Alert tone="danger">{licenses.error.message}</Alert> : null}
      {licenses.data ? (
        licenses.data.licenses.length ? (
          <ul className="adm-records">
            {licenses.data.licenses.map((l) => (
              <li key={l.state}>
                {l.state} {l.number} — {l.valid ? 'valid through' : 'expired'}{' '}
                {formatDate(`${l.expiresOn}T12:00:00Z`)}{' '}
                <Button size="sm" variant="ghost" onClick={() => setRemoving(l.state)}>
                  Remove <span className="ln-visually-hidden">{l.state} license</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p>No license on file, so no referral fee can be paid to this person.</p>
        )
      ) : null}
      <ConfirmDialog
        title={`Remove the ${removing ?? ''} license?`}
        description="No referral fee can be paid to this person in that state until a license is on file again."
        open={removing !== null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        confirmLabel="Remove license"
        onConfirm={() => {
          if (removing) remove.mutate(removing, { onSuccess: () => setRemoving(null) });
        }}
        pending={remove.isPending}
        error={remove.error}
      />
      <LicenseForm hash={hash} />
    </section>
  );
}

function LicenseForm({ hash }: { hash: string }) {
  const put = usePutLicense(hash);
  const form = useSchemaForm(ZPutLicenseRequestSchema, {
    defaultValues: { state: '', number: '', expiresOn: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await put.mutateAsync(body);
      form.reset();
    } catch (error) {
      setApiErrors(error, form.setError, ['state', 'number', 'expiresOn']);
    }
  });
  const problem = formError(errors);
  return (
    <form className="adm-inline-form" onSubmit={submit} noValidate aria-label="Add a license">
      <Select
        label="State"
        placeholder="Choose a state"
        options={COVERAGE_STATES.map((s) => ({ value: s.code, label: s.name }))}
        error={fieldError(errors, 'state')}
        {...form.register('state')}
      />
      <TextField
        label="License number"
        error={fieldError(errors, 'number')}
        {...form.register('number')}
      />
      <TextField
        label="Valid through"
        type="date"
        error={fieldError(errors, 'expiresOn')}
        {...form.register('expiresOn')}
      />
      <Button type="submit" loading={isSubmitting}>
        Save license
      </Button>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
    </form>
  );
}
