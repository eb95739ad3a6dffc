// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { StepProgress } from './step-progress.tsx';

afterEach(cleanup);

function renderProgress(current: 'form' | 'services', completed: ('location' | 'form')[]) {
  render(
    <MemoryRouter>
      <StepProgress current={current} completed={completed} property="p1" />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Listing steps' }));
}

describe('StepProgress', () => {
  it('marks the current step, says which are done, and links only open steps', () => {
    const nav = renderProgress('form', ['location']);
    const items = nav.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1. Location (Done)',
      '2. Listing details',
      '3. Services',
      '4. Photos',
      '5. Payment',
      '6. Sign',
      '7. Review',
      '8. Manage',
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items.filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
    expect(nav.getByRole('link', { name: '1. Location' }).getAttribute('href')).toBe(
      '/dashboard/mls-listing/location?property=p1',
    );
    // The current step is not a link, and steps not yet open are not either.
    expect(nav.getAllByRole('link')).toHaveLength(1);
  });

  it('links the next step once the current one is done', () => {
    const nav = renderProgress('form', ['location', 'form']);
    expect(nav.getByRole('link', { name: '3. Services' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: '4. Photos' })).toBeNull();
  });
});
