import {
  ADMIN_PAGES,
  type TAdminUserDetail,
  VENDOR_KIND_KEYS,
  VENDOR_KINDS,
  ZCreateAssignmentRequestSchema,
  ZSetUserRoleRequestSchema,
  ZSetVendorKindsRequestSchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  Checkbox,
  fieldError,
  formError,
  Select,
  setApiErrors,
  useSchemaForm,
} from '@lantern/ui';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../components/data-table/format.ts';
import { grants, useStaffAccess } from '../../../features/admin/api/access.ts';
import { useRoles } from '../../../features/admin/api/roles.ts';
import {
  useAdminUser,
  useAssign,
  useSetUserRole,
  useSetVendorKinds,
  useUnassign,
} from '../../../features/admin/api/users.ts';
import { PropertyPicker } from '../../../features/admin/components/property-picker.tsx';
import { Requires } from './requires.tsx';
import { accessText } from './users-page.tsx';

/** One person's access (issue 15): staff role, vendor kinds and assignments. */
export function UserPage() {
  return (
    <Requires permission="users.view">
      <UserDetail />
    </Requires>
  );
}

function UserDetail() {
  const { hash = '' } = useParams();
  const user = useAdminUser(hash);
  const access = useStaffAccess();
  const can = (p: Parameters<typeof grants>[1]) => grants(access.data?.permissions, p);
  if (user.isPending) return <p role="status">Loading…</p>;
  if (user.isError) return <Alert tone="danger">{user.error.message}</Alert>;
  const u = user.data;
  return (
    <section className="ds-page" aria-labelledby="user-title">
      <p>
        <Link to={ADMIN_PAGES.users}>People</Link>
      </p>
      <h1 id="user-title" className="adm-title">
        {u.email}
      </h1>
      <p className="ds-muted">
        {u.name ? `${u.name} · ` : ''}
        {accessText(u)} · joined {formatDate(u.createdAt)} · {u.properties}{' '}
        {u.properties === 1 ? 'property' : 'properties'}
      </p>
      {can('roles.manage') ? <RoleSection user={u} /> : null}
      {can('vendors.manage') ? (
        <VendorSection user={u} canFindProperties={can('properties.view')} />
      ) : null}
      {!can('vendors.manage') && u.assignments.length ? (
        <AssignmentList user={u} canRemove={false} />
      ) : null}
    </section>
  );
}

function RoleSection({ user }: { user: TAdminUserDetail }) {
  const roles = useRoles();
  const setRole = useSetUserRole(user.hash);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZSetUserRoleRequestSchema, {
    defaultValues: { role: user.role?.key ?? '' },
  });
  const submit = handleSubmit(async ({ role }) => {
    try {
      await setRole.mutateAsync(role || null);
    } catch (error) {
      setApiErrors(error, setError, []);
    }
  });
  const message = formError(errors);
  return (
    <section className="adm-section" aria-labelledby="role-title">
      <h2 id="role-title">Staff role</h2>
      <form className="adm-inline-form" onSubmit={submit}>
        <Select
          {...register('role')}
          label="Role"
          options={[
            { value: '', label: 'Not staff' },
            ...(roles.data?.rows.map((r) => ({ value: r.key, label: r.name })) ?? []),
          ]}
          hint="Staff see the Admin area; what they may do there is the role’s."
        />
        <Button type="submit" loading={isSubmitting}>
          Save role
        </Button>
      </form>
      {setRole.isSuccess ? <p role="status">Role saved.</p> : null}
      {message ? <Alert tone="danger">{message}</Alert> : null}
    </section>
  );
}

function VendorSection({
  user,
  canFindProperties,
}: {
  user: TAdminUserDetail;
  canFindProperties: boolean;
}) {
  const setKinds = useSetVendorKinds(user.hash);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZSetVendorKindsRequestSchema, {
    defaultValues: { kinds: user.vendorKinds },
  });
  const submit = handleSubmit(async ({ kinds }) => {
    try {
      await setKinds.mutateAsync(kinds);
    } catch (error) {
      setApiErrors(error, setError, []);
    }
  });
  const message = formError(errors);
  return (
    <section className="adm-section" aria-labelledby="vendor-title">
      <h2 id="vendor-title">Vendor work</h2>
      <form onSubmit={submit}>
        <fieldset className="adm-permissions">
          <legend>Vendor kinds</legend>
          {VENDOR_KIND_KEYS.map((k) => (
            <Checkbox
              key={k}
              {...register('kinds')}
              value={k}
              label={VENDOR_KINDS[k].label}
              hint={VENDOR_KINDS[k].description}
            />
          ))}
        </fieldset>
        <p className="ds-muted">
          Taking a kind away also ends this person’s assignments of that kind.
        </p>
        <Button type="submit" loading={isSubmitting}>
          Save vendor kinds
        </Button>
      </form>
      {setKinds.isSuccess ? <p role="status">Vendor kinds saved.</p> : null}
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <AssignmentList user={user} canRemove />
      {user.vendorKinds.length && canFindProperties ? <AssignForm user={user} /> : null}
    </section>
  );
}

function AssignmentList({ user, canRemove }: { user: TAdminUserDetail; canRemove: boolean }) {
  const unassign = useUnassign(user.hash);
  return (
    <>
      <h3>Assignments</h3>
      {user.assignments.length ? (
        <ul className="adm-attention">
          {user.assignments.map((a) => (
            <li key={a.hash}>
              <span>
                {VENDOR_KINDS[a.kind].label}: {a.property.address}
                {a.order ? ` (${a.order.product})` : ''}
              </span>
              {canRemove ? (
                <Button
                  size="sm"
                  variant="ghost"
                  loading={unassign.isPending && unassign.variables === a.hash}
                  onClick={() => unassign.mutate(a.hash)}
                >
                  End assignment <span className="ln-visually-hidden">{a.property.address}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No assignments.</p>
      )}
      {unassign.error ? <Alert tone="danger">{unassign.error.message}</Alert> : null}
    </>
  );
}

function AssignForm({ user }: { user: TAdminUserDetail }) {
  const assign = useAssign(user.hash);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZCreateAssignmentRequestSchema, {
    defaultValues: { kind: user.vendorKinds[0] ?? 'agent', property: '', order: null },
  });
  const property = watch('property');
  const submit = handleSubmit(async (body) => {
    try {
      await assign.mutateAsync(body);
      setValue('property', '');
    } catch (error) {
      setApiErrors(error, setError, ['kind', 'property']);
    }
  });
  const message = formError(errors);
  return (
    <form className="adm-inline-form" onSubmit={submit} aria-labelledby="assign-title">
      <h3 id="assign-title" className="ln-visually-hidden">
        Assign to a property
      </h3>
      <Select
        {...register('kind')}
        label="As"
        options={user.vendorKinds.map((k) => ({ value: k, label: VENDOR_KINDS[k].label }))}
        error={fieldError(errors, 'kind')}
      />
      <PropertyPicker
        value={property}
        onChange={(hash) => setValue('property', hash)}
        error={fieldError(errors, 'property')}
      />
      <Button type="submit" loading={isSubmitting} disabled={!property}>
        Assign
      </Button>
      {message ? <Alert tone="danger">{message}</Alert> : null}
    </form>
  );
}
