/** The documents pages: the customer's (of one property, one transaction kind) and staff's review. */
export const DOCUMENTS_PAGES = {
  documents: (propertyHash: string, kind?: string) =>
    `/dashboard/documents?property=${encodeURIComponent(propertyHash)}${
      kind ? `&kind=${encodeURIComponent(kind)}` : ''
    }`,
  adminDocuments: '/admin/documents',
} as const;
