import type { TNewsletterSubscribeResponse } from '@lantern/contracts';
import { Alert, Button, TextField } from '@lantern/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { looksLikeEmail, requestJson } from '../../lib/http.ts';

interface Props {
  /** Keeps ids unique when the form appears twice on a page (menu and /newsletter). */
  idPrefix: string;
  /** POST /api/newsletter (NEWSLETTER_PATHS.api, passed in so this island needs no zod). */
  endpoint: string;
  /** The menu's narrower version: no intro text. */
  compact?: boolean;
}

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; field?: string; message?: string };

const INVALID = 'Enter a valid email address, like name@example.com.';

/** Newsletter sign-up with double opt-in: the server emails a confirmation link. */
export default function NewsletterForm({ idPrefix, endpoint, compact = false }: Props) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  // The server-rendered form cannot submit until it has hydrated (a native submit would only
  // reload the page): the button is enabled from the first effect.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const input = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'busy') return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!looksLikeEmail(email)) {
      setState({ kind: 'error', field: email ? INVALID : 'Email is required.' });
      input.current?.focus();
      return;
    }
    setState({ kind: 'busy' });
    const res = await requestJson<TNewsletterSubscribeResponse>('POST', endpoint, { email });
    if (res.ok) {
      (window as { plausible?: (e: string) => void }).plausible?.('Newsletter: Subscribe');
      setState({ kind: 'done', message: res.data.message });
      return;
    }
    const field = res.errors.email?.[0];
    setState({ kind: 'error', ...(field ? { field } : { message: res.message }) });
    if (field) input.current?.focus();
  }

  if (state.kind === 'done') {
    return (
      <Alert tone="success" title="Almost done">
        {state.message}
      </Alert>
    );
  }

  return (
    <form className="newsletter-form" noValidate onSubmit={onSubmit}>
      {compact ? null : (
        <p className="newsletter-form__intro">
          Selling tips, market explainers and product news, about twice a month. Unsubscribe with
          one click.
        </p>
      )}
      {state.kind === 'error' && state.message ? (
        <Alert tone="danger">{state.message}</Alert>
      ) : null}
      <TextField
        ref={input}
        id={`${idPrefix}-email`}
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={state.kind === 'error' ? state.field : undefined}
      />
      <Button
        type="submit"
        variant="primary"
        block
        disabled={!ready}
        loading={state.kind === 'busy'}
      >
        Subscribe
      </Button>
    </form>
  );
}
