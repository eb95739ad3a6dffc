// @vitest-environment jsdom
import { DOCUMENT_TEXTS, DOCUMENTS_API } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YearBuiltForm } from './document-checklist.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the year-built form', () => {
  it('gives the contract’s words for a year out of range, then sends the year', async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <YearBuiltForm property="p1" />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const year = screen.getByLabelText('Year built');
    await user.type(year, '1066');
    await user.click(screen.getByRole('button', { name: 'Save the year' }));
    const words = DOCUMENT_TEXTS.year(new Date().getUTCFullYear());
    expect((await screen.findByRole('alert')).textContent).toContain(words.slice(0, 40));
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(year);
    await user.type(year, '1950');
    await user.click(screen.getByRole('button', { name: 'Save the year' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = (fetch.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(url).toBe(DOCUMENTS_API.yearBuilt);
    expect(JSON.parse(String(init.body))).toEqual({ property: 'p1', year: 1950 });
  });
});
