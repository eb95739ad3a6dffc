import type { TAdminProduct } from '@lantern/contracts';
import { formatCents, ROLE_LABELS } from '@lantern/domain';
import { Alert, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { useCoverage } from '../../../features/catalogue/api/coverage.ts';
import { fetchProductsPage, productsKey } from '../../../features/catalogue/api/products.ts';
import { CoverageForm } from '../../../features/catalogue/components/coverage-form.tsx';
import { ProductForm } from '../../../features/catalogue/components/product-form.tsx';
import { RoleRepairNotice } from '../../../features/catalogue/components/role-repair-notice.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';

/** Where a product is offered, loaded when its dialog opens (issue 20). */
function CoverageDialogBody({
  product,
  canEdit,
  onDone,
}: {
  product: TAdminProduct;
  canEdit: boolean;
  onDone: () => void;
}) {
  const coverage = useCoverage(product.slug);
  if (coverage.error) return <Alert tone="danger">{coverage.error.message}</Alert>;
  if (!coverage.data) return <p role="status">Loading…</p>;
  return <CoverageForm coverage={coverage.data} canEdit={canEdit} onDone={onDone} />;
}

const columns: ReadonlyArray<DataColumn<TAdminProduct>> = [
  { id: 'name', header: 'Product', sort: 'name', firstDir: 'asc', cell: (p) => p.name },
  {
    id: 'price',
    header: 'Price',
    numeric: true,
    cell: (p) =>
      p.priceCents === null
        ? 'Quoted'
        : p.depositCents
          ? `${formatCents(p.priceCents)} + ${formatCents(p.depositCents)} deposit`
          : formatCents(p.priceCents),
  },
  {
    id: 'roles',
    header: 'Who may order',
    cell: (p) => (p.roles ? p.roles.map((r) => ROLE_LABELS[r]).join(', ') : 'Every role'),
  },
  { id: 'description', header: 'Description', cell: (p) => p.description },
  { id: 'updated', header: 'Changed', cell: (p) => formatDate(p.updatedAt) },
];

/**
 * Products (issue 20): every staff member sees the catalogue; with "Manage products and prices"
 * they change names, descriptions, prices and who may order.
 */
export function ProductsPage() {
  const access = useStaffAccess();
  const canEdit = grants(access.data?.permissions, 'products.manage');
  const [editing, setEditing] = useState<TAdminProduct | null>(null);
  const [placing, setPlacing] = useState<TAdminProduct | null>(null);
  return (
    <section className="ds-page" aria-labelledby="products-title">
      <h1 id="products-title">Products</h1>
      <p>
        What we sell, at what price, to whom and where. “Where offered” lists the states and
        counties a product is offered in; a property elsewhere is not offered it.
      </p>
      <RoleRepairNotice />
      {canEdit ? null : (
        <p className="ds-muted">
          Changing products, prices and where they are offered needs the “Manage products and
          prices” permission.
        </p>
      )}
      <DataTable<TAdminProduct>
        caption="Products"
        queryKey={productsKey}
        fetchPage={fetchProductsPage}
        columns={columns}
        rowKey={(p) => p.slug}
        defaultSort={{ sort: 'name', dir: 'asc' }}
        searchLabel="Search by name or slug"
        rowActions={(p: TAdminProduct) => (
          <>
            {canEdit ? (
              <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                Edit <span className="ln-visually-hidden">{p.name}</span>
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => setPlacing(p)}>
              Where offered <span className="ln-visually-hidden">for {p.name}</span>
            </Button>
          </>
        )}
        empty={(filtered) =>
          filtered ? <p>No product matches this search.</p> : <p>No products yet.</p>
        }
      />
      <Dialog
        title={`Edit ${editing?.name ?? ''}`}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing ? <ProductForm product={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <Dialog
        title={`Where ${placing?.name ?? ''} is offered`}
        open={placing !== null}
        onOpenChange={(open) => !open && setPlacing(null)}
      >
        {placing ? (
          <CoverageDialogBody product={placing} canEdit={canEdit} onDone={() => setPlacing(null)} />
        ) : null}
      </Dialog>
    </section>
  );
}
