/** /dashboard/invoices/{hash}, keeping the current property in the URL when there is one. */
export function invoiceHref(hash: string, property?: string | null, print = false): string {
  const path = `/dashboard/invoices/${encodeURIComponent(hash)}${print ? '/print' : ''}`;
  return property ? `${path}?property=${encodeURIComponent(property)}` : path;
}
