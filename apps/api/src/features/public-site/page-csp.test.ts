import { scriptHash } from '@lantern/domain/csp';
import { describe, expect, it } from 'vitest';
import { withPageScripts } from './page-csp.ts';

const POLICY = "default-src 'self';script-src 'self' 'sha256-known';style-src 'self'";

describe('withPageScripts', () => {
  it('adds the hash of an inline script the build did not list, to script-src only', () => {
    const html = '<p>x</p><script>window.a=1</script><script src="/a.js"></script>';
    const policy = withPageScripts(POLICY, html, new Set(["'sha256-known'"]));
    expect(policy).toBe(
      `default-src 'self';script-src 'self' 'sha256-known' ${scriptHash('window.a=1')};style-src 'self'`,
    );
  });

  it('adds to the last directive too', () => {
    const policy = withPageScripts("script-src 'self'", '<script>b()</script>', new Set());
    expect(policy).toBe(`script-src 'self' ${scriptHash('b()')}`);
  });

  it('leaves the policy alone when every inline script is known or a data block', () => {
    const html = `<script>known()</script><script type="application/ld+json">{}</script>`;
    expect(withPageScripts(POLICY, html, new Set([scriptHash('known()')]))).toBe(POLICY);
  });
});
