import { describe, expect, it } from 'vitest';
import { sanitizeBannerHtml } from './sanitize-html.ts';

describe('sanitizeBannerHtml', () => {
  it('keeps simple formatting and links', () => {
    expect(
      sanitizeBannerHtml('<strong>Closed</strong> on <a href="https://x.test/h">holidays</a>'),
    ).toBe('<strong>Closed</strong> on <a href="https://x.test/h">holidays</a>');
  });

  it('drops scripts, event handlers, styles and javascript: links', () => {
    const out = sanitizeBannerHtml(
      '<script>alert(1)</script><img src=x onerror=alert(1)><p style="x" onclick="y">Hi</p><a href="javascript:alert(1)">x</a>',
    );
    expect(out).toBe('<p>Hi</p><a>x</a>');
  });

  it('gives a new-tab link a no-opener relation', () => {
    expect(sanitizeBannerHtml('<a href="https://x.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
