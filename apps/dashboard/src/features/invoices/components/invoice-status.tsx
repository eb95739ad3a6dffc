import { INVOICE_STATUS_LABELS, type TInvoiceStatus } from '@lantern/contracts';
import { Badge, type BadgeTone } from '@lantern/ui';

const TONES: Record<TInvoiceStatus, BadgeTone> = {
  open: 'warning',
  paid: 'success',
  partially_refunded: 'primary',
  refunded: 'neutral',
  void: 'neutral',
};

export function InvoiceStatus({ status }: { status: TInvoiceStatus }) {
  return <Badge tone={TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}
