import { PageFrame } from '../../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../../features/auth/hooks/use-current-user.ts';
import { PhoneSection } from '../../../../features/phone/components/phone-section.tsx';
import { useCurrentProperty } from '../../../../features/properties/hooks/use-current-property.ts';
import { TwoFactorSection } from '../../../../features/two-factor/components/two-factor-section.tsx';
import { appConfig } from '../../../../lib/app-config.ts';
import { PropertyContext } from './property-context.tsx';

// The frames of the dashboard's non-product pages: what each page is for, and the property it
// is about. Their working content (forms, lists) is issue 6.

export function MessagesPage() {
  const { entry } = useCurrentProperty();
  return (
    <PageFrame title="Messages">
      <p>
        Messages between you, {appConfig.siteName} and the people working on{' '}
        {entry ? 'this property' : 'your properties'}.
      </p>
      <PropertyContext entry={entry} />
    </PageFrame>
  );
}

export function InvoicesPage() {
  const { entry } = useCurrentProperty();
  return (
    <PageFrame title="Invoices">
      <p>The invoices for the services you order{entry ? ' for this property' : ''}.</p>
      <PropertyContext entry={entry} />
    </PageFrame>
  );
}

export function UpdatePropertyPage() {
  const { entry } = useCurrentProperty();
  return (
    <PageFrame title="Update Property">
      <p>Correct the address and details of this property.</p>
      <PropertyContext entry={entry} />
    </PageFrame>
  );
}

export function ParticipantsPage() {
  const { entry } = useCurrentProperty();
  return (
    <PageFrame title="Participants">
      <p>The people taking part in this property, and the role each of them has.</p>
      <PropertyContext entry={entry} />
    </PageFrame>
  );
}

export function AccountSettingsPage() {
  const me = useCurrentUser();
  return (
    <PageFrame title="Account Settings">
      <p>Your sign-in and contact details.</p>
      <p>
        You sign in as <strong>{me.email}</strong>.
      </p>
      <TwoFactorSection />
      <PhoneSection />
    </PageFrame>
  );
}
