import { PageFrame } from '../../../../components/page-frame.tsx';
import { useCurrentProperty } from '../../../../features/properties/hooks/use-current-property.ts';
import { PropertyContext } from './property-context.tsx';

// The frames of the remaining dashboard pages: what each page is for, and the property it
// is about. Their working content (forms, lists) is issue 6.

export function InvoicesPage() {
  const { entry } = useCurrentProperty();
  return (
    <PageFrame title="Invoices">
      <p>The invoices for the services you order{entry ? ' for this property' : ''}.</p>
      <PropertyContext entry={entry} />
    </PageFrame>
  );
}

export function UpdatePropertyPage() {
  const { entry } = useCurrentProperty();
  return (
    <PageFrame title="Update Property">
      <p>Correct the address and details of this property.</p>
      <PropertyContext entry={entry} />
    </PageFrame>
  );
}
