import {
  type TAdminUserDetail,
  USER_RECORDS_LIMIT,
  ZCreateAssignmentRequestSchema,
  ZSetUserRoleRequestSchema,
  ZSetVendorKindsRequestSchema,
} from '@lantern/contracts';
import {
  ADMIN_PAGES,
  formatCents,
  invoiceNumber,
  ROLE_LABELS,
  VENDOR_KIND_KEYS,
  VENDOR_KINDS,
} from '@lantern/domain';
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
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDate, formatWhen } from '../../../components/data-table/format.ts';
import { LicensesSection } from '../../../features/referrals/components/licenses-section.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { useRoles } from '../../../features/staff/api/roles.ts';
import {
  useAdminUser,
  useAssign,
  useEndSessions,
  useResendVerification,
  useSetUserLock,
  useSetUserRole,
  useSetVendorKinds,
  useUnassign,
  useUserRecords,
} from '../../../features/staff/api/users.ts';
import { PropertyPicker } from '../../../features/staff/components/property-picker.tsx';
import { Requires } from './requires.tsx';
import { accessText } from './users-page.tsx';

/**
 * One person (issues 15 and 20): their account (lock, sessions, verification), staff role, vendor
 * kinds and assignments, and their properties, orders, invoices, messages and activity.
 */
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
      {u.lockedAt ? <Alert tone="warning">This account is locked.</Alert> : null}
      {can('users.manage') ? <AccountSection user={u} /> : null}
      {can('roles.manage') ? <RoleSection user={u} /> : null}
      {can('vendors.manage') ? (
        <VendorSection user={u} canFindProperties={can('properties.view')} />
      ) : null}
      {!can('vendors.manage') && u.assignments.length ? (
        <AssignmentList user={u} canRemove={false} />
      ) : null}
      {can('referrals.manage') && u.vendorKinds.length ? <LicensesSection hash={u.hash} /> : null}
      <RecordsSections hash={u.hash} />
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
  const [ending, setEnding] = useState<TAdminUserDetail['assignments'][number] | null>(null);
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
                <Button size="sm" variant="ghost" onClick={() => setEnding(a)}>
                  End assignment <span className="ln-visually-hidden">{a.property.address}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No assignments.</p>
      )}
      <ConfirmDialog
        title="End this assignment?"
        description={
          ending
            ? `${user.email} stops working on ${ending.property.address} (${VENDOR_KINDS[ending.kind].label}) and no longer sees it in the vendor area.`
            : undefined
        }
        open={ending !== null}
        onClose={() => {
          setEnding(null);
          unassign.reset();
        }}
        confirmLabel="End assignment"
        onConfirm={() => {
          if (ending) unassign.mutate(ending.hash, { onSuccess: () => setEnding(null) });
        }}
        pending={unassign.isPending}
        error={unassign.error}
      />
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

function AccountSection({ user }: { user: TAdminUserDetail }) {
  const lock = useSetUserLock(user.hash);
  const end = useEndSessions(user.hash);
  const resend = useResendVerification(user.hash);
  const error = lock.error ?? end.error ?? resend.error;
  return (
    <section className="adm-section" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <ul className="adm-facts">
        <li>
          {user.lockedAt
            ? `Locked since ${formatWhen(user.lockedAt)}: cannot sign in.`
            : 'Not locked: can sign in.'}
        </li>
        <li>{user.emailVerified ? 'Email address confirmed.' : 'Email address not confirmed.'}</li>
        <li>
          Signed in on {user.sessions} {user.sessions === 1 ? 'browser' : 'browsers'}.
        </li>
      </ul>
      <div className="adm-actions">
        <Button
          variant={user.lockedAt ? 'secondary' : 'danger'}
          loading={lock.isPending}
          onClick={() => lock.mutate(!user.lockedAt)}
        >
          {user.lockedAt ? 'Unlock account' : 'Lock account'}
        </Button>
        <Button
          variant="secondary"
          loading={end.isPending}
          disabled={user.sessions === 0}
          onClick={() => end.mutate(undefined)}
        >
          End all sessions
        </Button>
        {user.emailVerified ? null : (
          <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
            Resend verification email
          </Button>
        )}
      </div>
      <p role="status">
        {lock.isSuccess
          ? user.lockedAt
            ? 'Account locked; every session ended.'
            : 'Account unlocked.'
          : end.isSuccess
            ? `${end.data.ended} ${end.data.ended === 1 ? 'session' : 'sessions'} ended.`
            : resend.isSuccess
              ? 'Verification email sent.'
              : ''}
      </p>
      {error ? <Alert tone="danger">{error.message}</Alert> : null}
    </section>
  );
}

function RecordsSections({ hash }: { hash: string }) {
  const records = useUserRecords(hash);
  if (records.isPending) return <p role="status">Loading their records…</p>;
  if (records.isError) return <Alert tone="danger">{records.error.message}</Alert>;
  const r = records.data;
  return (
    <>
      {r.properties ? (
        <RecordList
          id="properties"
          title="Properties"
          empty="No properties."
          items={r.properties.map((p) => ({
            key: p.hash,
            text: `${p.address} — ${ROLE_LABELS[p.role]}${p.canEdit ? '' : ' (read only)'}`,
          }))}
        />
      ) : null}
      {r.orders ? (
        <RecordList
          id="orders"
          title="Orders"
          empty="No orders."
          items={r.orders.map((o) => ({
            key: o.hash,
            text: `${formatDate(o.createdAt)}: ${o.product}, ${o.address} — ${statusText(o.status)}${
              o.priceCents === null ? '' : `, ${formatCents(o.priceCents)}`
            }`,
          }))}
        />
      ) : null}
      {r.invoices ? (
        <RecordList
          id="invoices"
          title="Invoices"
          empty="No invoices."
          items={r.invoices.map((i) => ({
            key: i.hash,
            text: `${invoiceNumber(i.number)} (${formatDate(i.issuedAt)}): ${formatCents(
              i.totalCents,
            )} — ${statusText(i.status)}`,
          }))}
        />
      ) : null}
      {r.messages ? (
        <RecordList
          id="messages"
          title="Messages"
          empty="No messages."
          items={r.messages.map((m, n) => ({
            key: `${m.createdAt}-${n}`,
            text: `${formatWhen(m.createdAt)} on ${m.property.address}: ${m.body}`,
          }))}
        />
      ) : null}
      {r.activity ? (
        <RecordList
          id="activity"
          title="Activity"
          empty="Nothing in the activity log."
          items={r.activity.map((a) => ({
            key: String(a.id),
            text: `${formatWhen(a.createdAt)}: ${a.action} (${a.method} ${a.url})`,
          }))}
        />
      ) : null}
    </>
  );
}

const statusText = (status: string) => status.replaceAll('_', ' ');

function RecordList({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: Array<{ key: string; text: string }>;
}) {
  return (
    <section className="adm-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {items.length ? (
        <ul className="adm-records">
          {items.map((item) => (
            <li key={item.key}>{item.text}</li>
          ))}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
      {items.length >= USER_RECORDS_LIMIT ? (
        <p className="ds-muted">The {USER_RECORDS_LIMIT} most recent.</p>
      ) : null}
    </section>
  );
}
