import { PATHS, type TCurrentUser, type TPropertyMenuEntry } from '@lantern/contracts';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../alert.tsx';
import { Button } from '../button.tsx';
import { cx } from '../class-names.ts';
import type { MapTiles } from '../map/pin-map.tsx';
import { Spinner } from '../spinner.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { type UserAreaClient, useUserArea } from './use-user-area.ts';
import { YourProperties } from './your-properties.tsx';

// Only a signed-in user with no properties sees the form: load it (and its dialogs) then.
const AddPropertyForm = lazy(() =>
  import('../add-property/add-property-form.tsx').then((m) => ({ default: m.AddPropertyForm })),
);

export const NO_PROPERTIES_INTRO = 'Enter the property details to get started.';

export interface UserAreaDropdownProps {
  /** The API client: `api` from @lantern/contracts/api-client, or the dashboard's. */
  api: UserAreaClient;
  /** Support phone as shown, and its tel: link. */
  supportPhone: string;
  supportPhoneHref: string;
  /** The external 'Open Support Ticket' page. */
  supportTicketUrl: string;
  /** The signed-in user when the page already knows (the dashboard); fetched otherwise. */
  user?: TCurrentUser | null;
  /** After Sign out; by default the dropdown just shows its signed-out state. */
  onSignedOut?: () => void;
  /** After a property was added (the panel has closed). */
  onPropertyCreated?: (property: TPropertyMenuEntry) => void;
  /** Tiles for the add-property map; by default asked of GET /api/map-config. */
  tiles?: MapTiles;
  className?: string;
}

/** Inside a Radix dialog or its overlay (the add-property dialogs are portalled out of the panel). */
const inDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('.ln-dialog, .ln-dialog__overlay') !== null;

/**
 * The header's user-area dropdown (spec section 2): sign-in form when signed out; the user's
 * email and account links when signed in, with either the add-property form (no properties
 * yet) or 'Your Properties'. One component for the Astro header island and the dashboard.
 */
export function UserAreaDropdown({
  api,
  supportPhone,
  supportPhoneHref,
  supportTicketUrl,
  user: knownUser,
  onSignedOut,
  onPropertyCreated,
  tiles,
  className,
}: UserAreaDropdownProps) {
  const { user, setUser, properties, loadProperties, refresh } = useUserArea(api, knownUser);
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  const close = (focusTrigger = true) => {
    setOpen(false);
    if (focusTrigger) trigger.current?.focus();
  };

  // Outside clicks close the panel, and Escape from within it; never from the form's dialogs.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current?.contains(event.target as Node) || inDialog(event.target)) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || inDialog(event.target)) return;
      if (!root.current?.contains(event.target as Node)) return;
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Load the property list the first time a signed-in user with properties opens the panel.
  useEffect(() => {
    if (open && user && user.properties_relation_count > 0 && properties === undefined) {
      void loadProperties();
    }
  }, [open, user, properties, loadProperties]);

  async function signOut() {
    setSigningOut(true);
    try {
      await api.post(PATHS.logout);
    } catch {
      // Whatever the answer, the session is of no use to this page any more.
    }
    setSigningOut(false);
    setOpen(false);
    setUser(null);
    onSignedOut?.();
  }

  const label = user === undefined ? 'Account' : user ? 'My Account' : 'Log in';

  return (
    <div ref={root} className={cx('ln-user-area', className)}>
      <button
        ref={trigger}
        type="button"
        className="ln-btn ln-btn--secondary ln-btn--sm ln-user-area__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <span>{label}</span>
      </button>
      <section
        id={panelId}
        className="ln-user-area__panel"
        hidden={!open}
        aria-label={user ? 'Your account' : 'Log in or sign up'}
      >
        {!open ? null : user === undefined ? (
          <Spinner label="Loading your account…" />
        ) : user === null ? (
          <div className="ln-user-area__signed-out">
            <SignInForm
              api={api}
              onSignedIn={() => {
                setOpen(false);
                void refresh();
              }}
            />
            <aside className="ln-user-area__support" aria-label="Support">
              <p>
                Need help? Call <a href={supportPhoneHref}>{supportPhone}</a>
              </p>
              <p>
                <a href={supportTicketUrl} target="_blank" rel="noopener noreferrer">
                  Open Support Ticket
                </a>
              </p>
            </aside>
          </div>
        ) : (
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
                  <a href={supportTicketUrl} target="_blank" rel="noopener noreferrer">
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
                    onCreated={(property) => {
                      close(false);
                      void refresh();
                      onPropertyCreated?.(property);
                    }}
                  />
                </Suspense>
              ) : properties === 'error' ? (
                <Alert tone="warning">
                  Your properties could not be loaded.{' '}
                  <a href={PATHS.dashboard}>Open the dashboard</a>.
                </Alert>
              ) : Array.isArray(properties) ? (
                <YourProperties properties={properties} />
              ) : (
                <Spinner label="Loading your properties…" />
              )}
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
