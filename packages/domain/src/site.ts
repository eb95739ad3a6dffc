/** `{product}` in service slugs, e.g. `lantern-signs` (docs/decisions/004-services-catalogue.md). */
export function siteSlug(siteName: string): string {
  return siteName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A `tel:` link for a phone as shown: digits only, +1 added for a 10-digit US number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}
