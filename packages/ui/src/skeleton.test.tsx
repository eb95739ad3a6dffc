// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton.tsx';

afterEach(cleanup);

describe('Skeleton', () => {
  it('is one status named by its label, its bars hidden from screen readers', () => {
    const { container } = render(<Skeleton label="Loading your account…" lines={2} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your account…');
    const bars = container.querySelectorAll('.ln-skeleton__bar');
    expect(bars).toHaveLength(3);
    for (const bar of bars) expect(bar.getAttribute('aria-hidden')).toBe('true');
  });

  it('is only decoration when a status line beside it speaks', () => {
    const { container } = render(<Skeleton label={null} heading={false} lines={4} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('.ln-skeleton__bar')).toHaveLength(4);
  });
});
