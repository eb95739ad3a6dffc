import { INVOICE_STATUS_LABELS, type TInvoiceStatus } from '@lantern/contracts';
import { Badge } from '@lantern/ui';

const TONES = { open: 'warning', paid: 'success', void: 'neutral' } as const;

export function InvoiceStatus({ status }: { status: TInvoiceStatus }) {
  return <Badge tone={TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}
