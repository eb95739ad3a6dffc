import { PERMISSION_KEYS, PERMISSIONS, type TPermission, type TRole } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button, Checkbox, TextField } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
import { useSaveRole } from '../api/roles.ts';

/** Create a role, or edit one: a name, a description and the permissions it is made of. */
export function RoleForm({ role, onDone }: { role: TRole | null; onDone: () => void }) {
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState<TPermission[]>(role?.permissions ?? []);
  const error = save.error instanceof ApiError ? save.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { key: role?.key ?? null, input: { name, description, permissions } },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      {error && !error.field('name') ? <Alert tone="danger">{error.message}</Alert> : null}
      <TextField
        label="Name"
        value={name}
        maxLength={60}
        required
        onChange={(e) => setName(e.target.value)}
        error={error?.field('name')}
      />
      <TextField
        label="Description"
        value={description}
        maxLength={300}
        onChange={(e) => setDescription(e.target.value)}
        error={error?.field('description')}
      />
      <fieldset className="adm-permissions">
        <legend>Permissions</legend>
        {PERMISSION_KEYS.map((key) => (
          <Checkbox
            key={key}
            label={PERMISSIONS[key].label}
            hint={PERMISSIONS[key].description}
            checked={permissions.includes(key)}
            onChange={(e) =>
              setPermissions((current) =>
                e.target.checked ? [...current, key] : current.filter((p) => p !== key),
              )
            }
          />
        ))}
      </fieldset>
      <Button type="submit" loading={save.isPending}>
        {role ? 'Save role' : 'Create role'}
      </Button>
    </form>
  );
}
