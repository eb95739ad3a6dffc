import { type TAccountSettings, ZPreferencesRequestSchema } from '@lantern/contracts';
import { Alert, Button, Checkbox, formError, setApiErrors, useSchemaForm } from '@lantern/ui';
import { useState } from 'react';
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
  const [saved, setSaved] = useState(false);
  return (
    <SettingsSection title="Emails from us">
      {/* Keyed by the saved state so the boxes show what the server holds after each save. */}
      <PreferencesForm
        key={`${settings.newsletter}-${settings.promoOptin}`}
        settings={settings}
        saved={saved}
        setSaved={setSaved}
      />
    </SettingsSection>
  );
}

function PreferencesForm({
  settings,
  saved,
  setSaved,
}: {
  settings: TAccountSettings;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}) {
  const save = useSavePreferences();
  const subscribed = settings.newsletter === 'pending' || settings.newsletter === 'confirmed';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZPreferencesRequestSchema, {
    defaultValues: { newsletter: subscribed, promoOptin: settings.promoOptin },
  });

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      setSaved(true);
    } catch (error) {
      setApiErrors(error, setError, []);
    }
  });

  const message = formError(errors);
  return (
    <form
      className="ds-form"
      onSubmit={(e) => {
        setSaved(false);
        void submit(e);
      }}
    >
      <Checkbox
        {...register('newsletter')}
        label={`The ${appConfig.siteName} newsletter: market news and selling tips`}
        hint={NEWSLETTER_HINTS[settings.newsletter]}
      />
      <Checkbox {...register('promoOptin')} label="Offers and discounts on our services" />
      {message ? <Alert tone="danger">{message}</Alert> : null}
      {saved ? <Alert tone="success">Your email preferences are saved.</Alert> : null}
      <Button type="submit" loading={isSubmitting}>
        Save preferences
      </Button>
    </form>
  );
}
