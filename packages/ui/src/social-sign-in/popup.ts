import { ZSocialCallbackMessageSchema } from '@lantern/contracts';

/** Window features for the provider's sign-in popup, centred on this window. */
function features(width = 500, height = 650): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/**
 * Open the popup at once, inside the click that asked for it (popup blockers allow only that);
 * it is pointed at the provider when the attempt is ready. Null when the browser blocked it.
 */
export function openPopup(name: string): Window | null {
  return window.open('about:blank', name, features());
}

const CLOSED_GRACE_MS = 500;

export type PopupResult = { kind: 'params'; params: Record<string, string> } | { kind: 'closed' };

/**
 * Wait for our callback page (same origin, in that popup) to post the provider's answer, or for
 * the person to close the popup. Messages from any other origin or window are ignored.
 */
export function waitForPopup(popup: Window, signal?: AbortSignal): Promise<PopupResult> {
  return new Promise((resolve) => {
    const done = (result: PopupResult) => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      clearTimeout(grace);
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const parsed = ZSocialCallbackMessageSchema.safeParse(event.data);
      if (parsed.success) done({ kind: 'params', params: parsed.data.params });
    };
    const onAbort = () => done({ kind: 'closed' });
    // The callback page posts, then closes the popup; the message may arrive just after `closed`
    // turns true, so a closed popup counts only after a short grace.
    let grace: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      if (popup.closed && grace === undefined) {
        grace = setTimeout(() => done({ kind: 'closed' }), CLOSED_GRACE_MS);
      }
    }, 250);
    window.addEventListener('message', onMessage);
    signal?.addEventListener('abort', onAbort);
  });
}
