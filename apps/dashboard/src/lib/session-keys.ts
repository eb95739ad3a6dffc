/** Session storage keys of spec section 9, and our own. */
export const SESSION_KEYS = {
  showVisibleProperties: 'showVisibleProperties',
  originatedPropertyCreation: 'originatedPropertyCreation',
  /** '1' once the email-confirmation banner was dismissed in this tab (issue 14, item 7). */
  emailVerificationDismissed: 'emailVerificationDismissed',
} as const;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; the dashboard still works with defaults.
    return undefined;
  }
}

export function readSession(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}
export function writeSession(key: string, value: string): void {
  storage()?.setItem(key, value);
}
export function removeSession(key: string): void {
  storage()?.removeItem(key);
}
