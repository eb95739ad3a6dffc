import {
  PROPERTY_ROLES,
  ROLE_LABELS,
  type TParticipant,
  type TParticipantsResponse,
  type TPropertyRole,
} from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button, Dialog, DialogClose, RoleBadge } from '@lantern/ui';
import { useState } from 'react';
import {
  useCancelInvitation,
  useRemoveParticipant,
  useUpdateParticipant,
} from '../api/participants.ts';

const ROLE_OPTIONS = PROPERTY_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

interface Props {
  property: string;
  data: TParticipantsResponse;
}

/** Who takes part, with role and permission controls for those who manage the property. */
export function ParticipantsTable({ property, data }: Props) {
  const update = useUpdateParticipant(property);
  const remove = useRemoveParticipant(property);
  const cancel = useCancelInvitation(property);
  const [removing, setRemoving] = useState<TParticipant | null>(null);
  const failure = [update.error, remove.error, cancel.error].find((e) => e instanceof ApiError);

  const name = (p: TParticipant) => (p.name ? `${p.name} (${p.email})` : p.email);

  return (
    <>
      {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
      {/* Scrolls sideways on its own on a phone instead of spilling over the invite form. */}
      <div className="ds-table-wrap">
        <table className="ds-table">
          <caption className="ln-visually-hidden">People taking part in this property</caption>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Role</th>
              <th scope="col">Can manage</th>
              {data.canManage ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.participants.map((p) => (
              <tr key={p.hash}>
                <th scope="row">
                  {name(p)}
                  {p.you ? <span className="ds-muted"> — you</span> : null}
                </th>
                <td>
                  {data.canManage ? (
                    <select
                      className="ln-select"
                      aria-label={`Role of ${p.email}`}
                      value={p.role}
                      disabled={update.isPending}
                      onChange={(e) =>
                        update.mutate({ user: p.hash, role: e.target.value as TPropertyRole })
                      }
                    >
                      {ROLE_OPTIONS.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <RoleBadge propertyRole={p.role} />
                  )}
                </td>
                <td>
                  {data.canManage ? (
                    <input
                      type="checkbox"
                      className="ln-checkbox"
                      aria-label={`${p.email} can manage this property`}
                      checked={p.canEdit}
                      disabled={update.isPending}
                      onChange={(e) => update.mutate({ user: p.hash, canEdit: e.target.checked })}
                    />
                  ) : p.canEdit ? (
                    'Yes'
                  ) : (
                    'No'
                  )}
                </td>
                {data.canManage ? (
                  <td>
                    <Button variant="ghost" size="sm" onClick={() => setRemoving(p)}>
                      Remove<span className="ln-visually-hidden"> {p.email}</span>
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {data.invitations.length ? (
        <>
          <h2>Waiting for an answer</h2>
          <ul className="ds-list">
            {data.invitations.map((i) => (
              <li key={i.hash}>
                {i.email} as {ROLE_LABELS[i.role]}, invited until{' '}
                {new Date(i.expiresAt).toLocaleDateString('en-US')}{' '}
                <Button variant="ghost" size="sm" onClick={() => cancel.mutate(i.hash)}>
                  Cancel invitation<span className="ln-visually-hidden"> for {i.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this person?"
        description={
          removing
            ? `${removing.email} will no longer see this property or its messages.`
            : undefined
        }
        actions={
          <>
            <DialogClose>
              <Button variant="secondary">Keep them</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => {
                if (removing) remove.mutate(removing.hash, { onSettled: () => setRemoving(null) });
              }}
            >
              Remove
            </Button>
          </>
        }
      />
    </>
  );
}
