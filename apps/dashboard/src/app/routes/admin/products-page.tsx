import { formatCents, ROLE_LABELS, type TAdminProduct } from '@lantern/contracts';
import { Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { grants, useStaffAccess } from '../../../features/admin/api/access.ts';
import { fetchProductsPage, productsKey } from '../../../features/admin/api/products.ts';
import { ProductForm } from '../../../features/admin/components/product-form.tsx';

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
  return (
    <section className="ds-page" aria-labelledby="products-title">
      <h1 id="products-title">Products</h1>
      {canEdit ? null : (
        <p className="ds-muted">
          Changing products and prices needs the “Manage products and prices” permission.
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
        {...(canEdit
          ? {
              rowActions: (p: TAdminProduct) => (
                <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                  Edit <span className="ln-visually-hidden">{p.name}</span>
                </Button>
              ),
            }
          : {})}
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
    </section>
  );
}
