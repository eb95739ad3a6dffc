import type { TResoClient } from '@lantern/contracts';
import { Alert, Button, Spinner } from '@lantern/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import { useResoClientRequests, useRevokeResoClient } from '../api/reso-clients.ts';

/** Every partner, newest first: its client id, what it reads, its rate, its use, its log. */
export function PartnerList({ clients }: { clients: TResoClient[] }) {
  const revoke = useRevokeResoClient();
  const [asking, setAsking] = useState<TResoClient | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  if (clients.length === 0) return <p className="ds-muted">No partners yet.</p>;
  return (
    <>
      <div className="ds-table-wrap">
        <table className="ds-table" aria-labelledby="partners-title">
          <thead>
            <tr>
              <th scope="col">Partner</th>
              <th scope="col">Client id</th>
              <th scope="col">Reads</th>
              <th scope="col">Use</th>
              <th scope="col">
                <span className="ln-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {clients.map((c) => (
              <tr key={c.hash}>
                <th scope="row">
                  {c.name}
                  {c.revokedAt ? (
                    <div className="ds-muted">Revoked {formatWhen(c.revokedAt)}</div>
                  ) : null}
                </th>
                <td>
                  <code>{c.clientId}</code>
                </td>
                <td>
                  {c.resources.join(', ')}
                  <div className="ds-muted">
                    {c.rateLimitPerMinute.toLocaleString('en-US')} a minute
                  </div>
                </td>
                <td>
                  Added {formatWhen(c.createdAt)}
                  {c.createdBy ? ` by ${c.createdBy}` : ''}
                  <div className="ds-muted">
                    {c.lastUsedAt ? `Last token ${formatWhen(c.lastUsedAt)}` : 'Never signed in'}
                  </div>
                </td>
                <td className="adm-actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOpen(open === c.hash ? null : c.hash)}
                  >
                    {open === c.hash ? 'Hide requests' : 'Requests'}
                    <span className="ln-visually-hidden"> of {c.name}</span>
                  </Button>
                  {c.revokedAt ? null : (
                    <Button variant="secondary" size="sm" onClick={() => setAsking(c)}>
                      Revoke<span className="ln-visually-hidden"> {c.name}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open ? <RequestLog client={clients.find((c) => c.hash === open)} /> : null}
      <ConfirmDialog
        title={`Revoke ${asking?.name ?? 'this partner'}?`}
        description="Its tokens stop working at once and it cannot get new ones. Its request log stays. You cannot undo this."
        open={asking !== null}
        onClose={() => {
          setAsking(null);
          revoke.reset();
        }}
        confirmLabel="Revoke access"
        onConfirm={() => {
          if (asking) revoke.mutate(asking.hash, { onSuccess: () => setAsking(null) });
        }}
        pending={revoke.isPending}
        error={revoke.error}
      />
    </>
  );
}

/** What the partner read, newest first: the path and query, the answer and its records. */
function RequestLog({ client }: { client: TResoClient | undefined }) {
  const log = useResoClientRequests(client?.hash ?? null);
  if (!client) return null;
  const title = `Requests of ${client.name}`;
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {log.isPending ? (
        <Spinner label="Loading the requests" />
      ) : log.isError ? (
        <Alert tone="danger">We could not load the requests. Try again in a moment.</Alert>
      ) : (
        <>
          <p>
            {log.data.lastDay.toLocaleString('en-US')}{' '}
            {log.data.lastDay === 1 ? 'request' : 'requests'} in the last 24 hours. The newest{' '}
            {log.data.requests.length} are below.
          </p>
          {log.data.requests.length ? (
            <div className="ds-table-wrap">
              <table className="ds-table">
                <caption className="ln-visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Asked for</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Records</th>
                  </tr>
                </thead>
                <tbody>
                  {log.data.requests.map((r, i) => (
                    <tr key={`${r.at}-${i}`}>
                      <td>{formatWhen(r.at)}</td>
                      <td className="adm-break">
                        <code>{r.url}</code>
                      </td>
                      <td>{r.status}</td>
                      <td>{r.records.toLocaleString('en-US')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
