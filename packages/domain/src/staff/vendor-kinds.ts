/** The vendor kinds staff give people (spec 1 "Vendors and agents", plus field installers and photographers). */
export const VENDOR_KINDS = {
  agent: { label: 'Agent', description: 'A licensed agent representing sellers or buyers.' },
  referral_agent: {
    label: 'Referral agent',
    description: 'An agent who receives referred customers.',
  },
  referrer: { label: 'Referrer', description: 'Sends customers to us.' },
  concierge: { label: 'Concierge', description: 'Helps customers prepare and review listings.' },
  settlement: { label: 'Settlement', description: 'Closes transactions (title and escrow).' },
  field: {
    label: 'Field',
    description: 'Installs signs and lockboxes and takes photographs.',
  },
} as const satisfies Record<string, { label: string; description: string }>;

export type TVendorKind = keyof typeof VENDOR_KINDS;

export const VENDOR_KIND_KEYS = Object.keys(VENDOR_KINDS) as [TVendorKind, ...TVendorKind[]];
