import type { TAccountSettings } from '@lantern/contracts';
import { Alert, Button } from '@lantern/ui';
import { useSignOutOthers } from '../api/account.ts';
import { SettingsSection } from './settings-section.tsx';

/** Sign out every other browser, e.g. after using a shared computer. */
export function SessionsSection({ settings }: { settings: TAccountSettings }) {
  const signOut = useSignOutOthers();
  const n = settings.otherSessions;
  return (
    <SettingsSection title="Other sessions">
      <p>
        {n
          ? `Your account is also signed in on ${n} other ${n === 1 ? 'browser or device' : 'browsers or devices'}.`
          : 'You are not signed in anywhere else.'}
      </p>
      {signOut.isSuccess ? (
        <Alert tone="success">
          We signed you out of {signOut.data.ended} other{' '}
          {signOut.data.ended === 1 ? 'session' : 'sessions'}.
        </Alert>
      ) : null}
      {signOut.isError ? <Alert tone="danger">{signOut.error.message}</Alert> : null}
      <Button
        variant="secondary"
        disabled={!n}
        loading={signOut.isPending}
        onClick={() => signOut.mutate({})}
      >
        Sign out of other sessions
      </Button>
    </SettingsSection>
  );
}
