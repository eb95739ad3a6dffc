import type { TVendorPrice } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import { Button, Dialog } from '@lantern/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { fetchProductsPage, productsKey } from '../../../features/catalogue/api/products.ts';
import {
  fetchVendorPricesPage,
  useRemoveVendorPrice,
  vendorPricesKey,
} from '../../../features/catalogue/api/vendor-prices.ts';
import { VendorPriceForm } from '../../../features/catalogue/components/vendor-price-form.tsx';
import { Requires } from './requires.tsx';

const columns: ReadonlyArray<DataColumn<TVendorPrice>> = [
  {
    id: 'product',
    header: 'Service',
    sort: 'product',
    firstDir: 'asc',
    cell: (p) => p.product.name,
  },
  {
    id: 'vendor',
    header: 'Vendor',
    cell: (p) =>
      p.vendor ? (
        <>
          {p.vendor.name ?? p.vendor.email}
          {p.vendor.name ? <div className="ds-muted">{p.vendor.email}</div> : null}
        </>
      ) : (
        'Default for every vendor'
      ),
  },
  { id: 'price', header: 'We pay', numeric: true, cell: (p) => formatCents(p.priceCents) },
  { id: 'updated', header: 'Changed', cell: (p) => formatDate(p.updatedAt) },
];

const label = (p: TVendorPrice) => `${p.product.name}, ${p.vendor ? p.vendor.email : 'default'}`;

/** What removing a price changes, said before it is removed. */
const removalEffect = (p: TVendorPrice) =>
  p.vendor
    ? `${p.vendor.email} is paid the default for ${p.product.name} from now on.`
    : `${p.product.name} has no default vendor price until you set one again.`;

/**
 * Vendor prices (issue 20; docs/decisions/028): what we pay vendors for one order of each
 * service, by default and per vendor. One permission reads and changes them.
 */
export function VendorPricesPage() {
  const products = useQuery({
    queryKey: [...productsKey, 'all'],
    queryFn: ({ signal }) => fetchProductsPage('limit=100&sort=name&dir=asc', signal),
  });
  const remove = useRemoveVendorPrice();
  const [editing, setEditing] = useState<TVendorPrice | 'new' | null>(null);
  const [removing, setRemoving] = useState<TVendorPrice | null>(null);
  return (
    <Requires permission="vendors.prices">
      <section className="ds-page" aria-labelledby="vendor-prices-title">
        <h1 id="vendor-prices-title">Vendor prices</h1>
        <p>
          What we pay a vendor for one order of a service: a default for each service, and a price
          of their own for a vendor who agreed another. A vendor without their own is paid the
          default.
        </p>
        <Button onClick={() => setEditing('new')}>Set a price</Button>
        <DataTable<TVendorPrice>
          caption="Vendor prices"
          queryKey={vendorPricesKey}
          fetchPage={fetchVendorPricesPage}
          columns={columns}
          rowKey={(p) => String(p.id)}
          defaultSort={{ sort: 'product', dir: 'asc' }}
          searchLabel="Search by service or vendor email"
          rowActions={(p: TVendorPrice) => (
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                Change <span className="ln-visually-hidden">{label(p)}</span>
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setRemoving(p)}>
                Remove <span className="ln-visually-hidden">{label(p)}</span>
              </Button>
            </>
          )}
          empty={(filtered) =>
            filtered ? <p>No price matches this search.</p> : <p>No vendor prices yet.</p>
          }
        />
        <ConfirmDialog
          title="Remove this vendor price?"
          description={removing ? removalEffect(removing) : undefined}
          open={removing !== null}
          onClose={() => {
            setRemoving(null);
            remove.reset();
          }}
          confirmLabel="Remove price"
          onConfirm={() => {
            if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
          }}
          pending={remove.isPending}
          error={remove.error}
        />
        <Dialog
          title={editing === 'new' ? 'Set a vendor price' : 'Change a vendor price'}
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
        >
          {editing ? (
            <VendorPriceForm
              price={editing === 'new' ? null : editing}
              products={products.data?.rows ?? []}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </Dialog>
      </section>
    </Requires>
  );
}
