/** '$149.00', '$0.00', '-$5.00': invoices show every amount to the cent. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** The invoice number people quote to us: INV-000042. */
export function invoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}

/** '6.25%' from basis points. */
export function formatTaxRate(basisPoints: number): string {
  return `${(basisPoints / 100).toString()}%`;
}
