// @vitest-environment jsdom

import {
  MESSAGES,
  VALUATION_DISCLAIMER_TEXTS as T,
  type TValuationDisclaimer,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { ValuationDisclaimerForm } from './valuation-disclaimer-form.tsx';

afterEach(cleanup);

const { server, requests } = useMockServer();
const DISCLAIMER = ADMIN_API.valuationDisclaimer('OR');

const oregon: TValuationDisclaimer = {
  state: 'OR',
  stateName: 'Oregon',
  text: null,
  updatedAt: null,
  updatedBy: null,
};

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const props = () => ({ onDraft: vi.fn(), onSaved: vi.fn(), onCancel: vi.fn() });

/** The page's part: it keeps the draft the form reports, and hands it back. */
function KeepsDraft({ onDraft }: { onDraft: (text: string) => void }) {
  const [draft, setDraft] = useState<string>();
  return (
    <ValuationDisclaimerForm
      disclaimer={oregon}
      draft={draft}
      onDraft={(text) => {
        setDraft(text);
        onDraft(text);
      }}
      onSaved={() => {}}
      onCancel={() => {}}
    />
  );
}

describe('the valuation disclaimer form', () => {
  it('refuses the forbidden words before sending, keeping what was typed', async () => {
    const p = props();
    wrap(<KeepsDraft onDraft={p.onDraft} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Disclaimer for Oregon');
    await user.type(field, 'Not the market value.');
    await user.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    expect(await screen.findByText(T.forbiddenWords)).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('Not the market value.');
    expect(requests).toEqual([]);
    expect(p.onDraft).toHaveBeenLastCalledWith('Not the market value.');
    expect(screen.queryByText('Your unsaved wording is back in the field.')).toBeNull();
  });

  it('shows the server’s refusal under the field and keeps the text; a draft comes back', async () => {
    server.use(
      http.put(DISCLAIMER, () =>
        HttpResponse.json(
          { message: MESSAGES.validationFailed, errors: { text: ['Refused here.'] } },
          { status: 422 },
        ),
      ),
    );
    const p = props();
    wrap(<ValuationDisclaimerForm disclaimer={oregon} draft="Typed before." {...p} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Disclaimer for Oregon') as HTMLTextAreaElement;
    expect(field.value).toBe('Typed before.');
    expect(screen.getByText('Your unsaved wording is back in the field.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save disclaimer' }));
    expect(await screen.findByText('Refused here.')).toBeTruthy();
    expect(field.value).toBe('Typed before.');
    expect(p.onSaved).not.toHaveBeenCalled();
  });

  it('puts a state with its own wording back to the default', async () => {
    server.use(http.put(DISCLAIMER, () => HttpResponse.json({ ...oregon })));
    const p = props();
    wrap(
      <ValuationDisclaimerForm
        disclaimer={{ ...oregon, text: 'Oregon wording.' }}
        draft={undefined}
        {...p}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use our default wording' }));
    await vi.waitFor(() => expect(p.onSaved).toHaveBeenCalledWith(null));
    expect(await requests[0]?.json()).toEqual({ text: '' });
  });
});
