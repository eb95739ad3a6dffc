/**
 * Run `task` once the page has loaded (the window's `load` event) and the browser is next idle,
 * soon in any case; returns a cancel function. Until `load` the browser is still fetching what the
 * page needs, so nothing optional (the account panel's code, other pages' chunks) competes with
 * it (decision 083).
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 200);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}
