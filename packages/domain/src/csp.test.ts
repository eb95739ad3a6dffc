import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, scriptHash } from './csp.ts';

describe('inline script hashes', () => {
  it('hashes the exact text between the tags, as browsers do', () => {
    const body = "console.log('hi')";
    const expected = createHash('sha256').update(body).digest('base64');
    expect(scriptHash(body)).toBe(`'sha256-${expected}'`);
  });

  it('takes executable inline scripts only, once each', () => {
    const html = `
      <script>a()</script><script type="module">b()</script><script>a()</script>
      <script src="/x.js"></script><script type="application/json">{"c":1}</script>
      <script type="application/ld+json">{}</script>`;
    expect(inlineScriptHashes(html)).toEqual([scriptHash('a()'), scriptHash('b()')]);
  });

  it('finds no script inside an attribute, and misses no real one after it', () => {
    // Attribute values may hold `<` and `>` unescaped: a search echoed into og:title.
    const html = `<meta content="&quot;><script>window.pwned=1</script> – Search"><title>x</title>
      <script>boot()</script><p title="<script>">text</p><script type="text/javascript">c()</script>`;
    expect(inlineScriptHashes(html)).toEqual([scriptHash('boot()'), scriptHash('c()')]);
  });

  it('hashes a script’s text as written, entities and markup-like text included', () => {
    const body = 'if (a &amp;&amp; b < c) d("</p>")';
    expect(inlineScriptHashes(`<script>${body}</script>`)).toEqual([scriptHash(body)]);
  });
});
