import { MESSAGES, ZAuthSuccessSchema } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { api } from '@lantern/domain/api-client';
import { Alert, Button } from '@lantern/ui';
import { useEffect, useRef, useState } from 'react';

/** On the incorrect account page: sign out here so the emailed link can be opened again. */
export default function SignOutButton() {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const [hydrated, setHydrated] = useState(false);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (state === 'done') doneRef.current?.focus();
  }, [state]);

  async function signOut() {
    setState('busy');
    try {
      await api.post(PATHS.logout, {}, { schema: ZAuthSuccessSchema });
      setState('done');
    } catch {
      setState('failed');
    }
  }

  if (state === 'done') {
    return (
      <Alert tone="success" ref={doneRef} tabIndex={-1}>
        You’re signed out. Open the reset link from your email again to choose the new password.
      </Alert>
    );
  }
  return (
    <>
      {state === 'failed' ? (
        <Alert tone="danger" className="auth-form__alert">
          {MESSAGES.networkError}
        </Alert>
      ) : null}
      <Button
        variant="primary"
        size="lg"
        block
        loading={state === 'busy'}
        disabled={!hydrated}
        onClick={signOut}
      >
        Sign out
      </Button>
    </>
  );
}
