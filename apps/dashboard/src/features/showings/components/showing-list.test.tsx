// @vitest-environment jsdom

import { SHOWINGS_API, type TOwnerShowing } from '@lantern/contracts';
import { SHOWING_TEXTS } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShowingList } from './showing-list.tsx';

const D = SHOWING_TEXTS.dashboard;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const showing: TOwnerShowing = {
  hash: 's1',
  status: 'Pending',
  turn: 'seller',
  buyerName: 'Bea Buyer',
  buyerPhone: null,
  start: '2026-12-05T16:00:00.000Z',
  end: '2026-12-05T16:30:00.000Z',
  requestedStart: '2026-12-05T16:00:00.000Z',
  durationMinutes: 30,
  proposedStart: null,
  note: '',
  actions: ['confirm', 'propose', 'decline'],
  createdAt: '2026-11-30T08:00:00.000Z',
  updatedAt: '2026-11-30T08:00:00.000Z',
  history: [],
};

describe('proposing another showing time', () => {
  it('asks for the day and time first, and puts a refused time under its field', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? Response.json(
            { message: 'Check the time.', errors: { time: [SHOWING_TEXTS.errors.hours] } },
            { status: 422 },
          )
        : Response.json({ timeZone: 'America/Chicago', showings: [showing] }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShowingList property="p1" />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SHOWING_TEXTS.actions.propose }));
    const form = within(screen.getByRole('form', { name: D.proposeHeading }));
    await user.click(form.getByRole('button', { name: D.proposeSubmit }));
    expect(await form.findByText(SHOWING_TEXTS.errors.date)).toBeTruthy();
    expect(form.getByText(SHOWING_TEXTS.errors.time)).toBeTruthy();
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);

    await user.type(form.getByLabelText(SHOWING_TEXTS.form.date), '2026-12-06');
    await user.type(form.getByLabelText(SHOWING_TEXTS.form.time), '23:00');
    await user.click(form.getByRole('button', { name: D.proposeSubmit }));
    expect(await form.findByText(SHOWING_TEXTS.errors.hours)).toBeTruthy();
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(url).toBe(SHOWINGS_API.respond('s1'));
    expect(JSON.parse(String(init?.body))).toEqual({
      property: 'p1',
      action: 'propose',
      date: '2026-12-06',
      time: '23:00',
    });
  });
});
