import {
  API_SCOPE_AREA_LABELS,
  API_TOKEN_EXPIRY_CHOICES,
  type TApiScope,
  type TApiScopeArea,
  type TApiToken,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Button, Card, Checkbox, Select, Spinner, TextField } from '@lantern/ui';
import { type FormEvent, useId, useState } from 'react';
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
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [days, setDays] = useState('90');
  const [scopes, setScopes] = useState<TApiScope[]>([]);
  const [shown, setShown] = useState<string | null>(null);

  const error = create.error instanceof ApiError ? create.error : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShown(null);
    create.mutate(
      { name, scopes, expiresInDays: Number(days) },
      {
        onSuccess: (made) => {
          setShown(made.token);
          setName('');
          setScopes([]);
        },
      },
    );
  };
  const offered = tokens.data?.offered ?? [];
  const areas = [...new Set(offered.map((s) => s.split(':')[0] as TApiScopeArea))];

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
      {shown ? (
        <Alert tone="success">
          <p>Copy your new token now. It will not be shown again.</p>
          <code data-testid="new-api-token" style={{ wordBreak: 'break-all' }}>
            {shown}
          </code>
        </Alert>
      ) : null}
      {tokens.isPending ? (
        <Spinner label="Loading your API tokens" />
      ) : tokens.isError ? (
        <Alert tone="danger">We could not load your tokens. Reload the page to try again.</Alert>
      ) : (
        <>
          {tokens.data.tokens.length ? (
            <ul aria-label="Your API tokens" className="ds-api-tokens">
              {tokens.data.tokens.map((token) => (
                <TokenRow
                  key={token.id}
                  token={token}
                  revoking={revoke.isPending && revoke.variables === token.id}
                  onRevoke={() => revoke.mutate(token.id)}
                />
              ))}
            </ul>
          ) : (
            <p>You have no API tokens.</p>
          )}
          {revoke.isError ? <Alert tone="danger">{revoke.error.message}</Alert> : null}
          <form onSubmit={onSubmit} aria-label="New API token" noValidate>
            <h3>New token</h3>
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={error?.field('name')}
              hint="Say what it is for, like “Back office”."
            />
            <Select
              label="Expires after"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              options={API_TOKEN_EXPIRY_CHOICES.map((d) => ({
                value: String(d),
                label: d === 365 ? '1 year' : `${d} days`,
              }))}
              error={error?.field('expiresInDays')}
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
                        checked={scopes.includes(scope)}
                        onChange={(e) =>
                          setScopes((now) =>
                            e.target.checked ? [...now, scope] : now.filter((s) => s !== scope),
                          )
                        }
                      />
                    );
                  })}
                </div>
              ))}
            </fieldset>
            {error ? <Alert tone="danger">{error.field('scopes') ?? error.message}</Alert> : null}
            <Button type="submit" loading={create.isPending}>
              Create token
            </Button>
          </form>
        </>
      )}
    </Card>
  );
}

function TokenRow({
  token,
  revoking,
  onRevoke,
}: {
  token: TApiToken;
  revoking: boolean;
  onRevoke: () => void;
}) {
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
      <Button variant="secondary" loading={revoking} onClick={onRevoke}>
        Revoke {token.name}
      </Button>
    </li>
  );
}
