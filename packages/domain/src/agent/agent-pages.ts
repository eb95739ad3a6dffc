/** The agent's pages in the vendor area: their properties and one of them. */
export const AGENT_PAGES = {
  list: '/vendor/agent',
  property: (hash: string) => `/vendor/agent/${encodeURIComponent(hash)}`,
} as const;
