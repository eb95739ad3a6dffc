// @vitest-environment jsdom
import {
  SETTLEMENT_ESIGN_DISCLOSURE,
  SETTLEMENT_ESIGN_VERSION,
  ZSettlementSignRequestSchema,
} from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignCda } from './sign-cda.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The contract's own words for a signature without consent. */
const noConsent =
  ZSettlementSignRequestSchema.shape.consent.safeParse(false).error?.issues[0]?.message;

describe('signing the CDA', () => {
  it('asks for the consent box before signing, then signs with the disclosure’s version', async () => {
    const fetch = vi.fn(async () => Response.json({ message: 'Not this time.' }, { status: 409 }));
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SignCda hash="t1" ready={null} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const sign = screen.getByRole('button', { name: 'Sign the authorisation' });
    await user.click(sign);
    expect(noConsent).toBeTruthy();
    expect(await screen.findByText(noConsent ?? '')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText(SETTLEMENT_ESIGN_DISCLOSURE.consentLabel));
    expect(screen.queryByText(noConsent ?? '')).toBeNull();
    await user.click(sign);
    expect((await screen.findByRole('alert')).textContent).toBe('Not this time.');
    const [, init] = (fetch.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      consent: true,
      consentVersion: SETTLEMENT_ESIGN_VERSION,
    });
  });
});
