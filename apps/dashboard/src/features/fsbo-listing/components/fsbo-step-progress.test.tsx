// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FsboStepProgress } from './fsbo-step-progress.tsx';

afterEach(cleanup);

describe('FsboStepProgress', () => {
  it('marks the current step, says which are done, and links only open steps', () => {
    render(
      <MemoryRouter>
        <FsboStepProgress current="describe" completed={['basics', 'contact']} property="p1" />
      </MemoryRouter>,
    );
    const nav = within(screen.getByRole('navigation', { name: 'Listing steps' }));
    expect(nav.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1. Basics (Done)',
      '2. Contact (Done)',
      '3. Description',
      '4. Photos',
      '5. Review and publish',
      '6. Manage',
    ]);
    const third = nav.getAllByRole('listitem').find((li) => li.textContent === '3. Description');
    expect(third?.getAttribute('aria-current')).toBe('step');
    expect(nav.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/dashboard/fsbo-listing/basics?property=p1',
      '/dashboard/fsbo-listing/contact?property=p1',
    ]);
  });
});
