/** Only follow a same-origin path the server gave; anything else lands on `fallback`. */
export function safeRedirect(target: string | undefined, fallback: string): string {
  if (target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\'))
    return target;
  return fallback;
}
