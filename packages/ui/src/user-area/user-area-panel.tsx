import type { TCurrentUser, TPropertyMenuEntry } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '../alert.tsx';
import { Button } from '../button.tsx';
import type { MapTiles } from '../map/pin-map.tsx';
import { SocialSignIn } from '../social-sign-in/social-sign-in.tsx';
import { useSocialProviders } from '../social-sign-in/use-social-providers.ts';
import { Spinner } from '../spinner.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { type UserAreaClient, useUserProperties } from './use-user-area.ts';
import { YourProperties } from './your-properties.tsx';

// Only a signed-in user with no properties sees the form: load it (and its dialogs) then.
const AddPropertyForm = lazy(() =>
  import('../add-property/add-property-form.tsx').then((m) => ({ default: m.AddPropertyForm })),
);

export const NO_PROPERTIES_INTRO = 'Enter the property details to get started.';

export interface UserAreaPanelProps {
  api: UserAreaClient;
  user: TCurrentUser | null;
  supportPhone: string;
  supportPhoneHref: string;
  supportTicketUrl: string;
  tiles?: MapTiles | undefined;
  /** After an email log-in or sign-up: the dropdown closes and asks who is signed in. */
  onSignedIn(how: 'login' | 'signUp'): void;
  /** Closes the dropdown (a social sign-in then visits the dashboard, spec section 7). */
  onClose(): void;
  /** Sign out; POST /account/logout by default (the dashboard brings its own, see the dropdown). */
  signOut?: (() => Promise<unknown>) | undefined;
  /** After Sign out has been answered (or failed: the session is of no use either way). */
  onSignedOut(): void;
  /** After a property was created from the panel's form. */
  onPropertyCreated(property: TPropertyMenuEntry): void;
}

/**
 * The body of the header's user-area dropdown (spec section 2), loaded on first open: the
 * sign-in form with the social buttons when signed out; the user's email, account links, Sign
 * out, and either the add-property form (no properties yet) or 'Your Properties' when signed in.
 */
export function UserAreaPanel(props: UserAreaPanelProps) {
  return props.user === null ? <SignedOut {...props} /> : <SignedIn {...props} user={props.user} />;
}

function SignedOut({
  api,
  supportPhone,
  supportPhoneHref,
  supportTicketUrl,
  onSignedIn,
  onClose,
}: UserAreaPanelProps) {
  const providers = useSocialProviders(api);
  return (
    <div className="ln-user-area__signed-out">
      <SocialSignIn
        api={api}
        providers={providers ?? []}
        onSuccess={(to) => {
          onClose();
          window.location.assign(to);
        }}
      >
        <SignInForm api={api} onSignedIn={onSignedIn} />
      </SocialSignIn>
      <aside className="ln-user-area__support" aria-label="Support">
        <p>
          Need help? Call <a href={supportPhoneHref}>{supportPhone}</a>
        </p>
        <p>
          <a href={supportTicketUrl} {...newTabIfAway(supportTicketUrl)}>
            Open Support Ticket
          </a>
        </p>
      </aside>
    </div>
  );
}

function SignedIn({
  api,
  user,
  supportTicketUrl,
  tiles,
  signOut: signOutWith,
  onSignedOut,
  onPropertyCreated,
}: UserAreaPanelProps & { user: TCurrentUser }) {
  const [signingOut, setSigningOut] = useState(false);
  const { properties, loadProperties } = useUserProperties(api);

  useEffect(() => {
    if (user.properties_relation_count > 0) void loadProperties();
  }, [user.properties_relation_count, loadProperties]);

  async function signOut() {
    setSigningOut(true);
    try {
      await (signOutWith ? signOutWith() : api.post(PATHS.logout));
    } catch {
      // Whatever the answer, the session is of no use to this page any more.
    }
    setSigningOut(false);
    onSignedOut();
  }

  return (
    <div className="ln-user-area__signed-in">
      <p className="ln-user-area__email">
        Signed in as <strong>{user.email}</strong>
      </p>
      <nav aria-label="Account">
        <ul className="ln-user-area__links">
          <li>
            <a href={PATHS.dashboard}>Go to Dashboard</a>
          </li>
          <li>
            <a href={PATHS.accountSettings}>Account Settings</a>
          </li>
          <li>
            <a href={supportTicketUrl} {...newTabIfAway(supportTicketUrl)}>
              Open Support Ticket
            </a>
          </li>
          {user.vendor ? (
            <li>
              <a href={PATHS.vendor}>Vendor</a>
            </li>
          ) : null}
          {user.admin ? (
            <li>
              <a href={PATHS.admin}>Admin</a>
            </li>
          ) : null}
        </ul>
      </nav>
      <Button variant="ghost" size="sm" loading={signingOut} onClick={() => void signOut()}>
        Sign out
      </Button>
      <div className="ln-user-area__properties">
        {user.properties_relation_count === 0 ? (
          <Suspense fallback={<Spinner label="Loading the form…" />}>
            <AddPropertyForm
              api={api}
              intro={NO_PROPERTIES_INTRO}
              {...(tiles && { tiles })}
              onCreated={onPropertyCreated}
            />
          </Suspense>
        ) : properties === 'error' ? (
          <Alert tone="warning">
            Your properties could not be loaded. <a href={PATHS.dashboard}>Open the dashboard</a>.
          </Alert>
        ) : Array.isArray(properties) ? (
          <YourProperties properties={properties} />
        ) : (
          <Spinner label="Loading your properties…" />
        )}
      </div>
    </div>
  );
}

/** Our own pages open in place; another site's in a new tab. */
function newTabIfAway(url: string) {
  return url.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer' };
}
