import type { ReactNode } from 'react';

/**
 * A table wider than the screen scrolls sideways on its own (a phone shows every column); the
 * keyboard can scroll it too, so the box takes focus and is named for the table it holds.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
    <section className="vl-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
