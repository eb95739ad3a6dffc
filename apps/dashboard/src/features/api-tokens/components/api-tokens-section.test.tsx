// @vitest-environment jsdom
import { API_TOKEN_TEXTS } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiTokensSection } from './api-tokens-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const made = {
  id: 1,
  name: 'Back office',
  prefix: 'lnt_secr',
  scopes: ['properties:read'],
  createdAt: '2026-11-30T08:00:00.000Z',
  expiresAt: '2026-12-07T08:00:00.000Z',
  lastUsedAt: null,
};

function setup() {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'POST'
      ? Response.json({ token: 'lnt_secret', apiToken: made }, { status: 201 })
      : Response.json({ tokens: [], offered: ['properties:read', 'properties:write'] }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiTokensSection />
    </QueryClientProvider>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('the new API token form', () => {
  it('asks for a scope before sending, then sends the token’s name, scopes and days', async () => {
    const { fetch, user } = setup();
    const form = within(await screen.findByRole('form', { name: 'New API token' }));
    await user.type(form.getByLabelText('Name'), 'Back office');
    await user.click(form.getByRole('button', { name: 'Create token' }));
    expect(await form.findByText(API_TOKEN_TEXTS.scopesRequired)).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.selectOptions(form.getByLabelText('Expires after'), '7');
    await user.click(form.getByLabelText('properties:read (read)'));
    await user.click(form.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('new-api-token')).textContent).toBe('lnt_secret');
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Back office',
      scopes: ['properties:read'],
      expiresInDays: 7,
    });
    // The name and scopes are cleared for the next token; the lifetime stays.
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((form.getByLabelText('properties:read (read)') as HTMLInputElement).checked).toBe(false);
    expect((form.getByLabelText('Expires after') as HTMLSelectElement).value).toBe('7');
  });
});

describe('a token made and revoked', () => {
  it('copies the new token, and says so when the browser refuses', async () => {
    const { user } = setup();
    const form = within(await screen.findByRole('form', { name: 'New API token' }));
    await user.type(form.getByLabelText('Name'), 'Back office');
    await user.click(form.getByLabelText('properties:read (read)'));
    await user.click(form.getByRole('button', { name: 'Create token' }));
    await screen.findByTestId('new-api-token');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('lnt_secret');
    expect(await screen.findByText('Copied to your clipboard.')).toBeTruthy();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/did not let us copy it/)).toBeTruthy();
  });

  it('asks before revoking, and revokes only when told to', async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return init?.method === 'DELETE'
        ? Response.json({ message: 'Token revoked.' })
        : Response.json({ tokens: [made], offered: ['properties:read'] });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApiTokensSection />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Back office' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Revoke Back office?' }));
    await user.click(ask.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke Back office' }));
    const again = within(await screen.findByRole('dialog', { name: 'Revoke Back office?' }));
    await user.click(again.getByRole('button', { name: 'Revoke token' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(1));
  });
});
