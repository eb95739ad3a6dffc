import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_SCRIPT, analyticsSettings, OUTBOUND_DELAY_MS } from './analytics.ts';

/** Run the inline adapter against a fake window and document; return its click handler. */
function load() {
  let handler: ((e: unknown) => void) | undefined;
  const win = {
    location: { href: 'https://lantern.example/services', host: 'lantern.example' },
  } as { location: { href: string; host: string }; plausible?: { q?: unknown[][] } };
  const doc = { addEventListener: (_: string, fn: (e: unknown) => void) => (handler = fn) };
  new Function('window', 'document', 'URL', 'setTimeout', ANALYTICS_SCRIPT)(
    win,
    doc,
    URL,
    setTimeout,
  );
  const click = (href: string, { linkTarget = '', ...extra }: Record<string, unknown> = {}) => {
    const anchor = { href, target: linkTarget };
    const event = {
      target: { closest: () => anchor },
      button: 0,
      defaultPrevented: false,
      preventDefault: vi.fn(),
      ...extra,
    };
    handler?.(event);
    return event;
  };
  return { win, click };
}

describe('analytics adapter', () => {
  it('records an outbound click and navigates after the delay', () => {
    vi.useFakeTimers();
    const { win, click } = load();
    const event = click('https://help.example.com/a');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(win.plausible?.q?.map((args) => Array.from(args))).toEqual([
      ['Outbound Link: Click', { props: { url: 'https://help.example.com/a' } }],
    ]);
    vi.advanceTimersByTime(OUTBOUND_DELAY_MS - 1);
    expect(win.location.href).toBe('https://lantern.example/services');
    vi.advanceTimersByTime(1);
    expect(win.location.href).toBe('https://help.example.com/a');
    vi.useRealTimers();
  });

  it('never holds internal links, new tabs or modified clicks', () => {
    const { win, click } = load();
    expect(click('https://lantern.example/blog').preventDefault).not.toHaveBeenCalled();
    expect(
      click('https://x.example/', { linkTarget: '_blank' }).preventDefault,
    ).not.toHaveBeenCalled();
    expect(click('https://x.example/', { metaKey: true }).preventDefault).not.toHaveBeenCalled();
    expect(win.plausible?.q).toHaveLength(2);
  });

  it('is configured by PLAUSIBLE_DOMAIN alone, and off without it', () => {
    expect(analyticsSettings({})).toBeNull();
    expect(analyticsSettings({ PLAUSIBLE_DOMAIN: '  ' })).toBeNull();
    expect(analyticsSettings({ PLAUSIBLE_DOMAIN: 'lantern.example' })).toEqual({
      provider: 'plausible',
      domain: 'lantern.example',
      scriptUrl: 'https://plausible.io/js/script.js',
    });
    expect(
      analyticsSettings({
        PLAUSIBLE_DOMAIN: 'lantern.example',
        PLAUSIBLE_SCRIPT_URL: 'https://stats.example/js/script.js',
      })?.scriptUrl,
    ).toBe('https://stats.example/js/script.js');
  });
});
