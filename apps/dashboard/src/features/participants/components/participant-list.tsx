import {
  PROPERTY_ROLES,
  ROLE_LABELS,
  type TParticipant,
  type TParticipantsResponse,
  type TPropertyRole,
} from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogClose,
  RoleBadge,
  Select,
  VisuallyHidden,
} from '@lantern/ui';
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

/**
 * Who takes part, one card per person (a list rather than a table, so the controls keep their
 * visible labels and fit a phone), with role and permission controls for managers.
 */
export function ParticipantList({ property, data }: Props) {
  const update = useUpdateParticipant(property);
  const remove = useRemoveParticipant(property);
  const cancel = useCancelInvitation(property);
  const [removing, setRemoving] = useState<TParticipant | null>(null);
  const failure = [update.error, remove.error, cancel.error].find((e) => e instanceof ApiError);

  return (
    <>
      {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
      <ul className="ds-people" aria-label="People taking part in this property">
        {data.participants.map((p) => (
          <li key={p.hash} className="ds-person">
            <p className="ds-person__who">
              <strong>{p.name || p.email}</strong>
              {p.name ? <span className="ds-muted"> {p.email}</span> : null}
              {p.you ? <span className="ds-muted"> (you)</span> : null}
            </p>
            {data.canManage ? (
              <>
                <Select
                  label={
                    <>
                      Role<VisuallyHidden> of {p.email}</VisuallyHidden>
                    </>
                  }
                  options={ROLE_OPTIONS}
                  value={p.role}
                  disabled={update.isPending}
                  onChange={(e) =>
                    update.mutate({ user: p.hash, role: e.target.value as TPropertyRole })
                  }
                />
                {/* Shows what the server holds: it moves once the change is saved. */}
                <Checkbox
                  label={
                    <>
                      <VisuallyHidden>{p.email}: </VisuallyHidden>Can manage this property
                    </>
                  }
                  checked={p.canEdit}
                  disabled={update.isPending}
                  onChange={(e) => update.mutate({ user: p.hash, canEdit: e.target.checked })}
                />
                <Button variant="ghost" size="sm" onClick={() => setRemoving(p)}>
                  Remove<VisuallyHidden> {p.email}</VisuallyHidden>
                </Button>
              </>
            ) : (
              <p className="ds-person__role">
                <RoleBadge propertyRole={p.role} />
                {p.canEdit ? ' Manages this property' : null}
              </p>
            )}
          </li>
        ))}
      </ul>

      {data.invitations.length ? (
        <>
          <h2>Waiting for an answer</h2>
          <ul className="ds-list">
            {data.invitations.map((i) => (
              <li key={i.hash}>
                {i.email} as {ROLE_LABELS[i.role]}, invited until{' '}
                {new Date(i.expiresAt).toLocaleDateString('en-US')}{' '}
                <Button variant="ghost" size="sm" onClick={() => cancel.mutate(i.hash)}>
                  Cancel invitation<VisuallyHidden> for {i.email}</VisuallyHidden>
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
