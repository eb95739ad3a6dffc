import { NEWSLETTER_OPT_IN_LABEL } from '@lantern/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { resetSocialProvidersCache } from '../social-sign-in/use-social-providers.ts';
import { UserAreaDropdown } from './user-area-dropdown.tsx';

const USER = {
  hash: 'u1',
  email: 'pat@example.com',
  properties_relation_count: 0,
  vendor: false,
  admin: false,
};
const PROPS = {
  properties: [
    {
      hash: 'p1',
      streetAddress: '12 Oak Ave',
      role: 'seller',
      badgeColor: '#1d4ed8',
      visible: true,
    },
    {
      hash: 'p2',
      streetAddress: '9 Elm St Apt 4',
      role: 'buyer',
      badgeColor: '#b45309',
      visible: true,
    },
  ],
};
const SUPPORT = {
  supportPhone: '(800) 555-0149',
  supportPhoneHref: 'tel:+18005550149',
  supportTicketUrl: 'https://help.example/tickets',
};

/** The dropdown over a fake API; `session` answers who is signed in (GET /api/session). */
function dropdown(routes: Record<string, unknown>) {
  const fake = fakeApi({ 'GET /api/auth/providers': { providers: [] }, ...routes });
  const session = routes['GET /api/session'];
  const loadSession = async () =>
    (typeof session === 'function' ? session() : session) as typeof USER | null;
  return { fake, loadSession };
}

function setup(routes: Record<string, unknown>) {
  const { fake, loadSession } = dropdown(routes);
  const user = userEvent.setup();
  render(<UserAreaDropdown api={fake.api} loadSession={loadSession} {...SUPPORT} />);
  return { ...fake, user };
}

beforeEach(() => resetSocialProvidersCache());

describe('UserAreaDropdown', () => {
  it('signed out: the configured social sign-in buttons sit under the form', async () => {
    const provider = (id: string, name: string) => ({
      id,
      name,
      clientId: `${id}-client`,
      authorizationEndpoint: `https://${id}.example/authorize`,
      redirectUri: 'https://lantern.example/account/social-callback',
    });
    const { user } = setup({
      'GET /api/session': null,
      'GET /api/auth/providers': {
        providers: [provider('apple', 'Apple'), provider('google', 'Google')],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const panel = screen.getByRole('region', { name: 'Log in or sign up' });
    expect(await within(panel).findByRole('button', { name: 'Sign in with Apple' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Sign in with Microsoft' })).toBeNull();
  });

  it('loads the API client only when the panel is first wanted', async () => {
    const { fake, loadSession } = dropdown({ 'GET /api/session': null });
    const loadApi = vi.fn(async () => fake.api);
    const user = userEvent.setup();
    render(<UserAreaDropdown api={loadApi} loadSession={loadSession} {...SUPPORT} />);
    const trigger = await screen.findByRole('button', { name: 'Log in' });
    expect(loadApi).not.toHaveBeenCalled();
    await user.click(trigger);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(loadApi).toHaveBeenCalledTimes(1);
  });

  it('signed out: the sign-in form with Remember me, the newsletter opt-in, Forgot password and support links', async () => {
    const { user } = setup({ 'GET /api/session': null });
    const trigger = await screen.findByRole('button', { name: 'Log in' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    const panel = screen.getByRole('region', { name: 'Log in or sign up' });
    await within(panel).findByLabelText('Email');
    for (const label of ['Email', 'Password', 'Remember me', NEWSLETTER_OPT_IN_LABEL]) {
      expect(within(panel).getByLabelText(label)).toBeTruthy();
    }
    expect(within(panel).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Signup' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/password/email',
    );
    expect(within(panel).getByRole('link', { name: '(800) 555-0149' }).getAttribute('href')).toBe(
      'tel:+18005550149',
    );
    const ticket = within(panel).getByRole('link', { name: 'Open Support Ticket' });
    expect(ticket.getAttribute('rel')).toContain('noopener');

    await user.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows field errors under the inputs, then signs in, resets and closes', async () => {
    let signedIn = false;
    const { user, calls } = setup({
      'GET /api/session': () => (signedIn ? USER : null),
      'POST /account/login': (body: unknown) => {
        const { password } = body as { password: string };
        if (password !== 'right password') {
          return {
            status: 422,
            body: {
              message: 'x',
              errors: { email: ['These credentials do not match our records.'] },
            },
          };
        }
        signedIn = true;
        return { redirect: '/dashboard' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required.')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByLabelText(NEWSLETTER_OPT_IN_LABEL));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(calls.at(-1)?.body).toMatchObject({
      email: 'pat@example.com',
      promoOptin: true,
      remember: false,
    });

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const trigger = await screen.findByRole('button', { name: 'My Account' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('sends a two-step sign-in user to the challenge page instead of signing in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const { user } = setup({
        'GET /api/session': null,
        'POST /account/login': { redirect: '/account/two-factor-challenge', twoFactor: true },
      });
      await user.click(await screen.findByRole('button', { name: 'Log in' }));
      await user.type(await screen.findByLabelText('Email'), 'pat@example.com');
      await user.type(screen.getByLabelText('Password'), 'right password');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/account/two-factor-challenge'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('signs up with the same fields', async () => {
    const { user, calls } = setup({
      'GET /api/session': null,
      'POST /account/sign-up': { redirect: '/dashboard' },
    });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Signup' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/account/sign-up')).toBe(true));
  });

  it('signed in with no properties: email, account links, Sign out and the add-property form', async () => {
    const { user } = setup({ 'GET /api/session': USER });
    await user.click(await screen.findByRole('button', { name: 'My Account' }));
    const panel = screen.getByRole('region', { name: 'Your account' });
    expect(await within(panel).findByText('pat@example.com')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(panel).getByRole('link', { name: 'Account Settings' }).getAttribute('href')).toBe(
      '/dashboard/account',
    );
    expect(
      within(panel).getByRole('link', { name: 'Open Support Ticket' }).getAttribute('href'),
    ).toBe(SUPPORT.supportTicketUrl);
    expect(within(panel).queryByRole('link', { name: 'Vendor' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(
      await within(panel).findByText('Enter the property details to get started.'),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Create Property' })).toBeTruthy();
  });

  it('shows Vendor and Admin only with those flags', async () => {
    const { user } = setup({
      'GET /api/session': { ...USER, vendor: true, admin: true },
      'GET /api/dashboard/user-properties': { properties: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'My Account' }));
    expect((await screen.findByRole('link', { name: 'Vendor' })).getAttribute('href')).toBe(
      '/vendor',
    );
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('signed in with properties: tiles keyed by hash with role badges, and the eye toggle', async () => {
    const { user } = setup({
      'GET /api/session': { ...USER, properties_relation_count: 2 },
      'GET /api/dashboard/user-properties': PROPS,
    });
    await user.click(await screen.findByRole('button', { name: 'My Account' }));
    expect(await screen.findByRole('heading', { name: 'Your Properties' })).toBeTruthy();
    const tile = screen.getByRole('link', { name: /12 Oak Ave/ });
    expect(tile.getAttribute('href')).toBe('/dashboard?property=p1');
    expect(within(tile).getByText('Seller')).toBeTruthy();
    expect(
      within(screen.getByRole('link', { name: /9 Elm St Apt 4/ })).getByText('Buyer'),
    ).toBeTruthy();

    const eye = screen.getByRole('button', { name: 'Hide your properties' });
    expect(eye.getAttribute('aria-pressed')).toBe('true');
    await user.click(eye);
    expect(screen.queryByRole('link', { name: /12 Oak Ave/ })).toBeNull();
    expect(screen.getByText('Click the eye icon to show your current properties')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show your properties' }));
    expect(screen.getByRole('link', { name: /12 Oak Ave/ })).toBeTruthy();
  });

  it('signs out and shows the signed-out state', async () => {
    const onSignedOut = vi.fn();
    const { fake, loadSession } = dropdown({
      'GET /api/session': USER,
      'POST /account/logout': { redirect: '/' },
    });
    const user = userEvent.setup();
    render(
      <UserAreaDropdown
        api={fake.api}
        loadSession={loadSession}
        {...SUPPORT}
        onSignedOut={onSignedOut}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'My Account' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(onSignedOut).toHaveBeenCalled();
  });

  it('closes on a click outside', async () => {
    const { user } = setup({ 'GET /api/session': null });
    const trigger = await screen.findByRole('button', { name: 'Log in' });
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.click(document.body);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
