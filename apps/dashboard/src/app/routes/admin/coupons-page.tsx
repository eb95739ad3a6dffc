import type { TAdminCoupon } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import { Badge, Button, Dialog } from '@lantern/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import { couponsKey, fetchCouponsPage } from '../../../features/catalogue/api/coupons.ts';
import { fetchProductsPage, productsKey } from '../../../features/catalogue/api/products.ts';
import { CouponForm } from '../../../features/catalogue/components/coupon-form.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { Requires } from './requires.tsx';

const discount = (c: TAdminCoupon) =>
  c.percentOff !== null ? `${c.percentOff}% off` : `${formatCents(c.amountOffCents ?? 0)} off`;

const window = (c: TAdminCoupon) =>
  c.startsAt && c.expiresAt
    ? `${formatWhen(c.startsAt)} to ${formatWhen(c.expiresAt)}`
    : c.startsAt
      ? `From ${formatWhen(c.startsAt)}`
      : c.expiresAt
        ? `Until ${formatWhen(c.expiresAt)}`
        : 'No end';

const rules = (c: TAdminCoupon) =>
  [c.oncePerCustomer ? 'Once per customer' : null, c.firstOrderOnly ? 'First order only' : null]
    .filter(Boolean)
    .join(' · ') || 'Any customer, any order';

/** Coupons (issue 17): what exists and how much each is used; "Manage coupons" changes them. */
export function CouponsPage() {
  const access = useStaffAccess();
  const canEdit = grants(access.data?.permissions, 'coupons.manage');
  const products = useQuery({
    queryKey: [...productsKey, 'all'],
    queryFn: ({ signal }) => fetchProductsPage('limit=100&sort=name&dir=asc', signal),
  });
  const names = new Map(products.data?.rows.map((p) => [p.slug, p.name]));
  const [editing, setEditing] = useState<TAdminCoupon | 'new' | null>(null);

  const columns: ReadonlyArray<DataColumn<TAdminCoupon>> = [
    {
      id: 'code',
      header: 'Code',
      sort: 'code',
      firstDir: 'asc',
      cell: (c) => (
        <>
          <strong>{c.code}</strong>
          {c.description ? <div className="ds-muted">{c.description}</div> : null}
        </>
      ),
    },
    {
      id: 'discount',
      header: 'Discount',
      cell: (c) =>
        `${discount(c)} ${c.productSlug ? (names.get(c.productSlug) ?? c.productSlug) : 'any service'}`,
    },
    { id: 'when', header: 'When', cell: window },
    {
      id: 'uses',
      header: 'Orders',
      numeric: true,
      cell: (c) =>
        c.maxRedemptions === null
          ? String(c.redemptions)
          : `${c.redemptions} of ${c.maxRedemptions}`,
    },
    { id: 'rules', header: 'Who', cell: rules },
    {
      id: 'state',
      header: 'Status',
      sort: 'created',
      firstDir: 'desc',
      cell: (c) => (
        <Badge tone={c.active ? 'success' : 'neutral'}>{c.active ? 'Active' : 'Off'}</Badge>
      ),
    },
  ];

  return (
    <Requires permission="orders.view">
      <section className="ds-page" aria-labelledby="coupons-title">
        <h1 id="coupons-title">Coupons</h1>
        <p>
          Codes customers type when they order. Limits are checked as each order is placed, and a
          cancelled unpaid order gives its use back.
        </p>
        {canEdit ? (
          <Button onClick={() => setEditing('new')}>New coupon</Button>
        ) : (
          <p className="ds-muted">Changing coupons needs the “Manage coupons” permission.</p>
        )}
        <DataTable<TAdminCoupon>
          caption="Coupons"
          queryKey={couponsKey}
          fetchPage={fetchCouponsPage}
          columns={columns}
          rowKey={(c) => c.code}
          searchLabel="Search by code or note"
          {...(canEdit
            ? {
                rowActions: (c: TAdminCoupon) => (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(c)}>
                    Edit <span className="ln-visually-hidden">{c.code}</span>
                  </Button>
                ),
              }
            : {})}
          empty={(filtered) =>
            filtered ? <p>No coupon matches this search.</p> : <p>No coupons yet.</p>
          }
        />
        <Dialog
          title={editing === 'new' ? 'New coupon' : `Edit ${editing?.code ?? ''}`}
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
        >
          {editing ? (
            <CouponForm
              coupon={editing === 'new' ? null : editing}
              products={(products.data?.rows ?? []).filter((p) => p.priceCents !== null)}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </Dialog>
      </section>
    </Requires>
  );
}
