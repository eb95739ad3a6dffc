import { inlineScriptHashes } from '@lantern/domain/csp';

export const CSP_HEADER = 'content-security-policy';

/**
 * A page rendered on demand may carry an inline script the build's manifest does not list (an
 * island's props, a page's own small script): the hashes of those, for `withScripts`.
 */
export function pageScripts(html: string, known: ReadonlySet<string>): string[] {
  return inlineScriptHashes(html).filter((hash) => !known.has(hash));
}

/** The policy with these hashes added to its script-src; it never loosens otherwise. */
export function withScripts(policy: string, hashes: readonly string[]): string {
  if (!hashes.length) return policy;
  // After the directive's own sources: `script-src 'self' 'sha256-…'`, as the policy reads.
  return policy.replace(
    /((?:^|;)\s*script-src(?=\s|;|$)[^;]*)/,
    (directive) => `${directive.trimEnd()} ${hashes.join(' ')}`,
  );
}

/** `withScripts` for the inline scripts of `html` the manifest does not list. */
export function withPageScripts(policy: string, html: string, known: ReadonlySet<string>): string {
  return withScripts(policy, pageScripts(html, known));
}
