// @vitest-environment jsdom
import {
  PHOTO_APPOINTMENT_API,
  PHOTO_APPOINTMENT_TEXTS,
  type TPhotographerAvailability,
  PHOTO_APPOINTMENT_UI as U,
} from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotographyHoursForm } from './photography-hours-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const current: TPhotographerAvailability = {
  photographer: { hash: 'ph1', name: 'Pat' },
  states: ['IL'],
  weeklyHours: [{ weekday: 1, start: '09:00', end: '12:00' }],
  daysOff: [],
};

function setup() {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json({ ...current, ...JSON.parse(String(init?.body)) }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PhotographyHoursForm current={current} />
    </QueryClientProvider>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('the photography hours form', () => {
  it('sends the comma lists as lists and the hours as they are', async () => {
    const { fetch, user } = setup();
    await user.type(screen.getByLabelText(U.states), ', in');
    await user.type(screen.getByLabelText(U.daysOff), '2026-12-24, 2026-12-31');
    await user.click(screen.getByRole('button', { name: U.addHours }));
    await user.selectOptions(screen.getAllByLabelText('Day')[1] as HTMLElement, '3');
    await user.click(screen.getByRole('button', { name: U.save }));
    expect(await screen.findByText(U.saved)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(PHOTO_APPOINTMENT_API.vendorHours);
    expect(JSON.parse(String(init?.body))).toEqual({
      states: ['IL', 'IN'],
      weeklyHours: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 3, start: '09:00', end: '12:00' },
      ],
      daysOff: ['2026-12-24', '2026-12-31'],
    });
  });

  it('gives the contract’s words for overlapping hours without sending them', async () => {
    const { fetch, user } = setup();
    await user.click(screen.getByRole('button', { name: U.addHours }));
    await user.click(screen.getByRole('button', { name: U.save }));
    expect(await screen.findByText(PHOTO_APPOINTMENT_TEXTS.windowsOverlap)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
