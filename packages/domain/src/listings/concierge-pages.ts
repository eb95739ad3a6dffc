/** The concierge's pages in the vendor area (issue 24). */
export const CONCIERGE_PAGES = {
  list: '/vendor/concierge',
  one: (hash: string) => `/vendor/concierge/${encodeURIComponent(hash)}`,
} as const;

export const CONCIERGE_TEXTS = {
  listTitle: 'Listings for your review',
  listIntro:
    'MLS listings whose owners bought a concierge review, signed and waiting for you before our staff review them. Note what to change beside each field and photo, then return the listing to the customer or mark it ready for staff.',
  notWaiting: 'This listing is not with you now: the customer or our staff have it.',
  photoUnknown: 'That photo is not one of this listing’s.',
  returned: 'Returned to the customer with your notes.',
  ready: 'Marked ready: the listing is in our staff’s review queue.',
  returnButton: 'Return to customer',
  readyButton: 'Ready for staff review',
  noteLabel: (label: string) => `Note on ${label}`,
  photoNoteLabel: (n: number) => `Note on photo ${n}`,
  // The customer's side
  withConcierge:
    'Your concierge is checking the listing before it goes to our staff. We will email you when they return it with notes or send it on.',
} as const;
