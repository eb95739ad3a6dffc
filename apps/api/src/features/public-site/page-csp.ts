import { inlineScriptHashes } from '@lantern/domain/csp';

export const CSP_HEADER = 'content-security-policy';

/**
 * A page rendered on demand may carry an inline script no prerendered page has (an island's
 * props, a page's own small script), so its hash is not in the build manifest the policy was
 * made from. Such hashes join this answer's script-src; the policy never loosens otherwise.
 */
export function withPageScripts(policy: string, html: string, known: ReadonlySet<string>): string {
  const missing = inlineScriptHashes(html).filter((hash) => !known.has(hash));
  if (!missing.length) return policy;
  // After the directive's own sources: `script-src 'self' 'sha256-…'`, as the policy reads.
  return policy.replace(
    /((?:^|;)\s*script-src(?=\s|;|$)[^;]*)/,
    (directive) => `${directive.trimEnd()} ${missing.join(' ')}`,
  );
}
