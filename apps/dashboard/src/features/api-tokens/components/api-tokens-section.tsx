import {
  API_SCOPE_AREA_LABELS,
  API_TOKEN_EXPIRY_CHOICES,
  type TApiScope,
  type TApiScopeArea,
  type TApiToken,
  ZApiTokenCreateSchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  fieldError,
  formError,
  Select,
  Spinner,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SecretOnce } from '../../../components/secret-once.tsx';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * Account Settings section: personal access tokens for the public API (issue 25). A new token is
 * shown once, right after it is made; the list shows each token's start, scopes, expiry and last use.
 */
export function ApiTokensSection() {
  const headingId = useId();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [asking, setAsking] = useState<TApiToken | null>(null);
  const closeAsk = () => {
    setAsking(null);
    revoke.reset();
  };
  const [shown, setShown] = useState<string | null>(null);

  return (
    <Card className="ds-settings-section" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="ln-card__title">
        API tokens
      </h2>
      <p>
        A token lets your own tools (a back office, a CRM, a script) use the{' '}
        <a href="/api/docs">Lantern API</a> as you, within the scopes you choose. Treat it like a
        password.
      </p>
      {shown ? <SecretOnce label="your new token" secret={shown} testId="new-api-token" /> : null}
      {tokens.isPending ? (
        <Spinner label="Loading your API tokens" />
      ) : tokens.isError ? (
        <Alert tone="danger">We could not load your tokens. Reload the page to try again.</Alert>
      ) : (
        <>
          {tokens.data.tokens.length ? (
            <ul aria-label="Your API tokens" className="ds-api-tokens">
              {tokens.data.tokens.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={() => setAsking(token)} />
              ))}
            </ul>
          ) : (
            <p>You have no API tokens.</p>
          )}
          <ConfirmDialog
            title={`Revoke ${asking?.name ?? 'this token'}?`}
            description="Anything that uses this token stops working at once. You cannot undo this."
            open={asking !== null}
            onClose={closeAsk}
            confirmLabel="Revoke token"
            onConfirm={() => {
              if (asking) revoke.mutate(asking.id, { onSuccess: () => setAsking(null) });
            }}
            pending={revoke.isPending}
            error={revoke.error}
          />
          <NewTokenForm offered={tokens.data.offered} onMade={setShown} />
        </>
      )}
    </Card>
  );
}

/** The new token's name, lifetime and scopes; a token made is handed up to be shown once. */
function NewTokenForm({
  offered,
  onMade,
}: {
  offered: readonly TApiScope[];
  onMade: (token: string | null) => void;
}) {
  const create = useCreateApiToken();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZApiTokenCreateSchema, {
    defaultValues: { name: '', expiresInDays: '90', scopes: [] },
  });
  const submit = handleSubmit(async (request) => {
    onMade(null);
    try {
      const made = await create.mutateAsync(request);
      onMade(made.token);
      resetField('name');
      resetField('scopes');
    } catch (error) {
      // The scopes are a group of boxes: their message is the one under the group.
      setApiErrors(error, setError, ['name', 'expiresInDays'], { aboveForm: ['scopes'] });
    }
  });
  const areas = [...new Set(offered.map((s) => s.split(':')[0] as TApiScopeArea))];
  const groupMessage = fieldError(errors, 'scopes') ?? formError(errors);
  return (
    <form onSubmit={submit} aria-label="New API token" noValidate>
      <h3>New token</h3>
      <TextField
        label="Name"
        {...register('name')}
        error={fieldError(errors, 'name')}
        hint="Say what it is for, like “Back office”."
      />
      <Select
        label="Expires after"
        {...register('expiresInDays')}
        options={API_TOKEN_EXPIRY_CHOICES.map((d) => ({
          value: String(d),
          label: d === 365 ? '1 year' : `${d} days`,
        }))}
        error={fieldError(errors, 'expiresInDays')}
      />
      <fieldset>
        <legend>Scopes</legend>
        {areas.map((area) => (
          <div key={area}>
            <strong>{API_SCOPE_AREA_LABELS[area]}</strong>
            {(['read', 'write'] as const).map((level) => {
              const scope = `${area}:${level}` as TApiScope;
              return (
                <Checkbox
                  key={scope}
                  label={`${scope} (${level === 'read' ? 'read' : 'read and change'})`}
                  value={scope}
                  {...register('scopes')}
                />
              );
            })}
          </div>
        ))}
      </fieldset>
      {groupMessage ? <Alert tone="danger">{groupMessage}</Alert> : null}
      <Button type="submit" loading={isSubmitting}>
        Create token
      </Button>
    </form>
  );
}

function TokenRow({ token, onRevoke }: { token: TApiToken; onRevoke: () => void }) {
  const expired = new Date(token.expiresAt).getTime() <= Date.now();
  return (
    <li aria-label={token.name}>
      <strong>{token.name}</strong> <code>{token.prefix}…</code>
      <br />
      Scopes: {token.scopes.join(', ')}
      <br />
      {expired ? 'Expired' : 'Expires'} {when(token.expiresAt)} · Created {when(token.createdAt)} ·{' '}
      {token.lastUsedAt ? `Last used ${when(token.lastUsedAt)}` : 'Never used'}
      <br />
      <Button variant="secondary" onClick={onRevoke}>
        Revoke {token.name}
      </Button>
    </li>
  );
}
