import { PERMISSION_KEYS, PERMISSIONS, type TRole, ZRoleInputSchema } from '@lantern/contracts';
import {
  Button,
  Checkbox,
  FormError,
  fieldError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useSaveRole } from '../api/roles.ts';

/** Create a role, or edit one: a name, a description and the permissions it is made of. */
export function RoleForm({ role, onDone }: { role: TRole | null; onDone: () => void }) {
  const save = useSaveRole();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZRoleInputSchema, {
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
    },
  });

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ key: role?.key ?? null, input });
      onDone();
    } catch (error) {
      setApiErrors(error, setError, ['name', 'description']);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      <TextField
        {...register('name')}
        label="Name"
        maxLength={60}
        required
        error={fieldError(errors, 'name')}
      />
      <TextField
        {...register('description')}
        label="Description"
        maxLength={300}
        error={fieldError(errors, 'description')}
      />
      <fieldset className="adm-permissions">
        <legend>Permissions</legend>
        {PERMISSION_KEYS.map((key) => (
          <Checkbox
            key={key}
            {...register('permissions')}
            value={key}
            label={PERMISSIONS[key].label}
            hint={PERMISSIONS[key].description}
          />
        ))}
      </fieldset>
      <Button type="submit" loading={isSubmitting}>
        {role ? 'Save role' : 'Create role'}
      </Button>
    </form>
  );
}
