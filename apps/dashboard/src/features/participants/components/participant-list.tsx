import type { TParticipant, TParticipantsResponse } from '@lantern/contracts';
import { PROPERTY_ROLES, ROLE_LABELS, type TPropertyRole } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
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
import { useUndoWindow } from '../hooks/use-undo-window.ts';

const ROLE_OPTIONS = PROPERTY_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

interface Props {
  property: string;
  data: TParticipantsResponse;
}

const who = (p: TParticipant) => (p.you ? 'You' : p.name || p.email);

/**
 * Who takes part, one card per person (a list rather than a table, so the controls keep their
 * visible labels and fit a phone), with role and permission controls for managers. A role
 * change or a removal is confirmed first and can be undone for a few seconds; a removal is only
 * sent when that time is up (issue 14, item 5). Nobody removes themselves here: leaving is its
 * own action below the list.
 */
export function ParticipantList({ property, data }: Props) {
  const update = useUpdateParticipant(property);
  const remove = useRemoveParticipant(property);
  const cancel = useCancelInvitation(property);
  const undoWindow = useUndoWindow();
  const [removing, setRemoving] = useState<TParticipant | null>(null);
  const [changing, setChanging] = useState<{ person: TParticipant; role: TPropertyRole } | null>(
    null,
  );
  const [held, hold] = useHeld();
  const failure = [update.error, remove.error, cancel.error].find((e) => e instanceof ApiError);

  function changeRole(person: TParticipant, role: TPropertyRole) {
    const before = person.role;
    update.mutate(
      { user: person.hash, role },
      {
        onSuccess: () =>
          undoWindow.offer({
            message: `${person.you ? 'You are' : `${who(person)} is`} now ${ROLE_LABELS[role]}.`,
            undo: () => update.mutate({ user: person.hash, role: before }),
          }),
      },
    );
  }

  function removeLater(person: TParticipant) {
    hold(person.hash, true);
    undoWindow.offer({
      message: `${who(person)} will be removed from this property.`,
      undo: () => hold(person.hash, false),
      commit: (leaving) =>
        remove.mutate(
          { user: person.hash, keepalive: leaving },
          { onError: () => hold(person.hash, false) },
        ),
    });
  }

  return (
    <>
      {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
      <div className="ds-undo" role="status">
        {undoWindow.open ? (
          <>
            <span>{undoWindow.open.message}</span>
            <Button variant="secondary" size="sm" onClick={undoWindow.undo}>
              Undo
            </Button>
          </>
        ) : null}
      </div>
      <ul className="ds-people" aria-label="People taking part in this property">
        {data.participants
          .filter((p) => !held.has(p.hash))
          .map((p) => (
            <PersonCard
              key={p.hash}
              person={p}
              canManage={data.canManage}
              busy={update.isPending}
              onRole={(role) => setChanging({ person: p, role })}
              onCanEdit={(canEdit) => update.mutate({ user: p.hash, canEdit })}
              onRemove={() => setRemoving(p)}
            />
          ))}
      </ul>

      <Invitations invitations={data.invitations} onCancel={(hash) => cancel.mutate(hash)} />

      <ChangeRoleDialog
        changing={changing}
        onClose={() => setChanging(null)}
        onConfirm={(person, role) => changeRole(person, role)}
      />
      <RemoveDialog
        removing={removing}
        onClose={() => setRemoving(null)}
        onConfirm={(person) => removeLater(person)}
      />
    </>
  );
}

/** People whose removal waits out the undo window: off the list meanwhile. */
function useHeld() {
  const [held, setHeld] = useState<ReadonlySet<string>>(new Set());
  const hold = (hash: string, on: boolean) =>
    setHeld((set) => {
      const next = new Set(set);
      if (on) next.add(hash);
      else next.delete(hash);
      return next;
    });
  return [held, hold] as const;
}

/** One person: who they are, and for a manager the role, permission and remove controls. */
function PersonCard({
  person: p,
  canManage,
  busy,
  onRole,
  onCanEdit,
  onRemove,
}: {
  person: TParticipant;
  canManage: boolean;
  busy: boolean;
  onRole: (role: TPropertyRole) => void;
  onCanEdit: (canEdit: boolean) => void;
  onRemove: () => void;
}) {
  return (
    <li className="ds-person">
      <p className="ds-person__who">
        <strong>{p.name || p.email}</strong>
        {p.name ? <span className="ds-muted"> {p.email}</span> : null}
        {p.you ? <span className="ds-muted"> (you)</span> : null}
      </p>
      {canManage ? (
        <>
          <Select
            label={
              <>
                Role<VisuallyHidden> of {p.email}</VisuallyHidden>
              </>
            }
            options={ROLE_OPTIONS}
            value={p.role}
            disabled={busy}
            onChange={(e) => onRole(e.target.value as TPropertyRole)}
          />
          {/* Shows what the server holds: it moves once the change is saved. */}
          <Checkbox
            label={
              <>
                <VisuallyHidden>{p.email}: </VisuallyHidden>Can manage this property
              </>
            }
            checked={p.canEdit}
            disabled={busy}
            onChange={(e) => onCanEdit(e.target.checked)}
          />
          {p.you ? null : (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              Remove<VisuallyHidden> {p.email}</VisuallyHidden>
            </Button>
          )}
        </>
      ) : (
        <p className="ds-person__role">
          <RoleBadge propertyRole={p.role} />
          {p.canEdit ? ' Manages this property' : null}
        </p>
      )}
    </li>
  );
}

function Invitations({
  invitations,
  onCancel,
}: {
  invitations: TParticipantsResponse['invitations'];
  onCancel: (hash: string) => void;
}) {
  if (!invitations.length) return null;
  return (
    <>
      <h2>Waiting for an answer</h2>
      <ul className="ds-list">
        {invitations.map((i) => (
          <li key={i.hash}>
            {i.email} as {ROLE_LABELS[i.role]}, invited until{' '}
            {new Date(i.expiresAt).toLocaleDateString('en-US')}{' '}
            <Button variant="ghost" size="sm" onClick={() => onCancel(i.hash)}>
              Cancel invitation<VisuallyHidden> for {i.email}</VisuallyHidden>
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

function ChangeRoleDialog({
  changing,
  onClose,
  onConfirm,
}: {
  changing: { person: TParticipant; role: TPropertyRole } | null;
  onClose: () => void;
  onConfirm: (person: TParticipant, role: TPropertyRole) => void;
}) {
  return (
    <Dialog
      open={changing !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Change this role?"
      description={
        changing
          ? `${changing.person.you ? 'You' : changing.person.email} will be ${ROLE_LABELS[changing.role]} on this property instead of ${ROLE_LABELS[changing.person.role]}.`
          : undefined
      }
      actions={
        <>
          <DialogClose>
            <Button variant="secondary">Keep the role</Button>
          </DialogClose>
          <Button
            onClick={() => {
              if (changing) onConfirm(changing.person, changing.role);
              onClose();
            }}
          >
            Change role
          </Button>
        </>
      }
    />
  );
}

function RemoveDialog({
  removing,
  onClose,
  onConfirm,
}: {
  removing: TParticipant | null;
  onClose: () => void;
  onConfirm: (person: TParticipant) => void;
}) {
  return (
    <Dialog
      open={removing !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove this person?"
      description={
        removing ? `${removing.email} will no longer see this property or its messages.` : undefined
      }
      actions={
        <>
          <DialogClose>
            <Button variant="secondary">Keep them</Button>
          </DialogClose>
          <Button
            variant="danger"
            onClick={() => {
              if (removing) onConfirm(removing);
              onClose();
            }}
          >
            Remove
          </Button>
        </>
      }
    />
  );
}
