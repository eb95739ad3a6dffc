import type { TAccountSettings } from '@lantern/contracts';
import { Alert, Button, Checkbox } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
import { appConfig } from '../../../lib/app-config.ts';
import { useSavePreferences } from '../api/account.ts';
import { SettingsSection } from './settings-section.tsx';

const NEWSLETTER_HINTS: Record<TAccountSettings['newsletter'], string | undefined> = {
  none: undefined,
  unsubscribed: undefined,
  pending: 'We sent you an email: follow its link to start receiving the newsletter.',
  confirmed: 'You receive the newsletter.',
};

/** Newsletter (double opt-in, as on the public site) and news-and-offers emails. */
export function PreferencesSection({ settings }: { settings: TAccountSettings }) {
  const save = useSavePreferences();
  const [saved, setSaved] = useState(false);
  const subscribed = settings.newsletter === 'pending' || settings.newsletter === 'confirmed';

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const data = new FormData(e.currentTarget);
    save.mutate(
      { newsletter: data.get('newsletter') === 'on', promoOptin: data.get('promoOptin') === 'on' },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <SettingsSection title="Emails from us">
      {/* Keyed by the saved state so the boxes show what the server holds after each save. */}
      <form
        key={`${settings.newsletter}-${settings.promoOptin}`}
        className="ds-form"
        onSubmit={onSubmit}
      >
        <Checkbox
          label={`The ${appConfig.siteName} newsletter: market news and selling tips`}
          name="newsletter"
          defaultChecked={subscribed}
          hint={NEWSLETTER_HINTS[settings.newsletter]}
        />
        <Checkbox
          label="Offers and discounts on our services"
          name="promoOptin"
          defaultChecked={settings.promoOptin}
        />
        {save.isError ? <Alert tone="danger">{save.error.message}</Alert> : null}
        {saved ? <Alert tone="success">Your email preferences are saved.</Alert> : null}
        <Button type="submit" loading={save.isPending}>
          Save preferences
        </Button>
      </form>
    </SettingsSection>
  );
}
