import {
  SOCIAL_CALLBACK_MESSAGE,
  SOCIAL_ERRORS,
  type TSocialProviderConfig,
} from '@lantern/contracts';
import { createApiClient } from '@lantern/domain/api-client';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callbackParams } from './authorization-url.ts';
import type { PopupResult } from './popup.ts';
import { waitForPopup } from './popup.ts';
import { SocialSignIn } from './social-sign-in.tsx';

const PROVIDERS: TSocialProviderConfig[] = [
  {
    id: 'apple',
    name: 'Apple',
    clientId: 'a',
    authorizationEndpoint: 'https://apple.test/auth',
    redirectUri: 'http://localhost:3000/account/social/apple/callback',
  },
  {
    id: 'google',
    name: 'Google',
    clientId: 'g',
    authorizationEndpoint: 'https://google.test/auth',
    redirectUri: 'http://localhost:3000/account/social-callback',
  },
];

function setup(loginStatus = 200) {
  let answer: (r: PopupResult) => void = () => {};
  const api = createApiClient({
    onUnauthenticated: () => {},
    fetch: async (input) => {
      const body =
        String(input) === '/account/social/attempts'
          ? { state: 's'.repeat(21), nonce: 'n' }
          : loginStatus === 200
            ? { redirect: '/dashboard' }
            : { message: 'refused' };
      const status = String(input) === '/account/social/attempts' ? 200 : loginStatus;
      return new Response(JSON.stringify(body), { status });
    },
  });
  const popup = { closed: false, location: { href: '' }, close: vi.fn() };
  const onSuccess = vi.fn();
  render(
    <SocialSignIn
      providers={PROVIDERS}
      api={api}
      onSuccess={onSuccess}
      deps={{
        openPopup: () => popup as unknown as Window,
        waitForPopup: () => new Promise<PopupResult>((resolve) => (answer = resolve)),
      }}
    >
      <form aria-label="Email sign-in" />
    </SocialSignIn>,
  );
  return { answer: (r: PopupResult) => answer(r), onSuccess, popup };
}

describe('SocialSignIn', () => {
  it('shows a button per configured provider under the form, and none without providers', () => {
    const { unmount } = render(
      <SocialSignIn providers={[]}>
        <form aria-label="Email sign-in" />
      </SocialSignIn>,
    );
    expect(screen.getByRole('form', { name: 'Email sign-in' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    setup();
    for (const name of ['Apple', 'Google']) {
      const button = screen.getByRole('button', { name: `Sign in with ${name}` });
      // The provider's own mark leads the button; it is decorative, the text names it.
      const mark = button.querySelector('svg.ln-social__logo');
      expect(mark?.getAttribute('aria-hidden')).toBe('true');
      expect(mark?.querySelector('path')).not.toBeNull();
    }
  });

  it('disables every button while a sign-in is in progress, then visits the dashboard', async () => {
    const h = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    for (const button of screen.getAllByRole('button'))
      expect(button).toHaveProperty('disabled', true);
    await vi.waitFor(() => expect(h.popup.location.href).toContain('google.test'));
    await act(async () =>
      h.answer({ kind: 'params', params: { state: 's'.repeat(21), id_token: 't' } }),
    );
    await vi.waitFor(() => expect(h.onSuccess).toHaveBeenCalledWith('/dashboard'));
    for (const button of screen.getAllByRole('button'))
      expect(button).toHaveProperty('disabled', false);
  });

  it("replaces the form with the 'Sign in Error' panel; Try Again clears it", async () => {
    const h = setup(422);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await vi.waitFor(() => expect(h.popup.location.href).toContain('google.test'));
    await act(async () =>
      h.answer({ kind: 'params', params: { state: 's'.repeat(21), id_token: 't' } }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sign in Error');
    expect(alert.textContent).toContain(SOCIAL_ERRORS.google);
    expect(screen.queryByRole('form', { name: 'Email sign-in' })).toBeNull();
    const tryAgain = screen.getByRole('button', { name: 'Try Again' });
    expect(document.activeElement).toBe(tryAgain);
    await userEvent.click(tryAgain);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('form', { name: 'Email sign-in' })).toBeTruthy();
    expect(h.onSuccess).not.toHaveBeenCalled();
  });

  it('shows no panel when the Apple popup is closed', async () => {
    const h = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Apple' }));
    await vi.waitFor(() => expect(h.popup.location.href).toContain('apple.test'));
    await act(async () => h.answer({ kind: 'closed' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in with Apple' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('waitForPopup', () => {
  afterEach(() => vi.useRealTimers());

  it('takes the callback message from our origin and that popup only', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const popup = frame.contentWindow as Window;
    const other = document.createElement('iframe');
    document.body.append(other);
    const result = waitForPopup(popup);
    const message = { type: SOCIAL_CALLBACK_MESSAGE, params: { state: 's', code: 'c' } };
    const send = (init: MessageEventInit) =>
      window.dispatchEvent(new MessageEvent('message', init));
    send({ data: message, origin: 'https://evil.example.com', source: popup });
    send({ data: message, origin: window.location.origin, source: other.contentWindow });
    send({ data: { type: 'something-else' }, origin: window.location.origin, source: popup });
    send({ data: message, origin: window.location.origin, source: popup });
    expect(await result).toEqual({ kind: 'params', params: { state: 's', code: 'c' } });
    frame.remove();
    other.remove();
  });

  it('reports a closed popup after a short grace', async () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    const result = waitForPopup(popup as unknown as Window);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toEqual({ kind: 'closed' });
  });
});

describe('callbackParams', () => {
  it('reads the query and the fragment', () => {
    expect(callbackParams({ search: '?code=c&state=s', hash: '' })).toEqual({
      code: 'c',
      state: 's',
    });
    expect(callbackParams({ search: '', hash: '#id_token=t&state=s' })).toEqual({
      id_token: 't',
      state: 's',
    });
  });
});
