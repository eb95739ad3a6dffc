import type { TAccountSettings } from '@lantern/contracts';
import { Alert } from '@lantern/ui';
import type { ComponentType } from 'react';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useAccountSettings } from '../../../../../features/account/api/account.ts';
import { EmailSection } from '../../../../../features/account/components/email-section.tsx';
import { PasswordSection } from '../../../../../features/account/components/password-section.tsx';
import { PreferencesSection } from '../../../../../features/account/components/preferences-section.tsx';
import { ProfileSection } from '../../../../../features/account/components/profile-section.tsx';
import { SessionsSection } from '../../../../../features/account/components/sessions-section.tsx';
import { ApiTokensSection } from '../../../../../features/api-tokens/components/api-tokens-section.tsx';
import { PhoneSection } from '../../../../../features/phone/components/phone-section.tsx';
import { TwoFactorSection } from '../../../../../features/two-factor/components/two-factor-section.tsx';
import { WebhooksSection } from '../../../../../features/webhooks/components/webhooks-section.tsx';

/**
 * The page's sections, in order; each saves on its own. The security sections (issue 8) load
 * their own state, so they take no props.
 */
const SECTIONS: ReadonlyArray<[string, ComponentType<{ settings: TAccountSettings }>]> = [
  ['profile', ProfileSection],
  ['email', EmailSection],
  ['password', PasswordSection],
  ['preferences', PreferencesSection],
  ['sessions', SessionsSection],
  ['two-factor', TwoFactorSection],
  ['mobile-phone', PhoneSection],
  ['api-tokens', ApiTokensSection],
  ['webhooks', WebhooksSection],
];

export function AccountSettingsPage() {
  const settings = useAccountSettings();
  return (
    <PageFrame title="Account Settings">
      {settings.isPending ? (
        <p role="status">Loading your settings…</p>
      ) : settings.isError ? (
        <Alert tone="danger">{settings.error.message}</Alert>
      ) : (
        <div className="ds-settings">
          {SECTIONS.map(([key, Section]) => (
            <Section key={key} settings={settings.data} />
          ))}
        </div>
      )}
    </PageFrame>
  );
}
