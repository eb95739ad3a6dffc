import type { TCurrentUser, TPropertyMenuEntry } from '@lantern/contracts';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cx } from '../class-names.ts';
import type { MapTiles } from '../map/pin-map.tsx';
import { Spinner } from '../spinner.tsx';
import { fetchSession } from './session.ts';
import type { UserAreaClient } from './use-user-area.ts';

/**
 * The panel brings the forms, the API client and its schemas. It loads on first open (or as
 * the pointer or focus reaches the trigger), so a content page hydrates only this small shell.
 */
const loadPanel = () => import('./user-area-panel.tsx');
const UserAreaPanel = lazy(() => loadPanel().then((m) => ({ default: m.UserAreaPanel })));

export interface UserAreaDropdownProps {
  /**
   * The API client, or a loader for it: the public header passes a loader so the client and
   * zod stay out of every page's first download.
   */
  api: UserAreaClient | (() => Promise<UserAreaClient>);
  /** Who is signed in; GET /api/session by default. */
  loadSession?: () => Promise<TCurrentUser | null>;
  /** Support phone as shown, and its tel: link. */
  supportPhone: string;
  supportPhoneHref: string;
  /** The external 'Open Support Ticket' page. */
  supportTicketUrl: string;
  /**
   * Sign out in the caller's own way (the dashboard silences its own Logout broadcast first and
   * follows the server's redirect); POST /account/logout by default.
   */
  signOut?: () => Promise<unknown>;
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
 * The header's user-area dropdown (spec section 2): a trigger naming the state (Log in / My
 * Account) and a disclosure panel that closes on Escape or an outside click.
 */
export function UserAreaDropdown({
  api,
  loadSession = fetchSession,
  supportPhone,
  supportPhoneHref,
  supportTicketUrl,
  signOut,
  onSignedOut,
  onPropertyCreated,
  tiles,
  className,
}: UserAreaDropdownProps) {
  /** undefined while asking, null when signed out. */
  const [user, setUser] = useState<TCurrentUser | null | undefined>();
  const [client, setClient] = useState(() => (typeof api === 'function' ? undefined : api));
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    const found = await loadSession();
    if (alive.current) setUser(found);
  }, [loadSession]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    return () => {
      alive.current = false;
    };
  }, [refresh]);

  // Fetch the panel's code and the client ahead of the click that needs them.
  const warm = useCallback(() => {
    void loadPanel();
    if (client || typeof api !== 'function') return;
    void api().then((loaded) => {
      if (alive.current) setClient(() => loaded);
    });
  }, [api, client]);

  useEffect(() => {
    if (open) warm();
  }, [open, warm]);

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

  const label = user === undefined ? 'Account' : user ? 'My Account' : 'Log in';
  const loading = <Spinner label="Loading your account…" />;

  return (
    <div ref={root} className={cx('ln-user-area', className)}>
      <button
        ref={trigger}
        type="button"
        className="ln-btn ln-btn--secondary ln-btn--sm ln-user-area__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={warm}
        onFocus={warm}
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
        {!open ? null : user === undefined || !client ? (
          loading
        ) : (
          <Suspense fallback={loading}>
            <UserAreaPanel
              api={client}
              user={user}
              supportPhone={supportPhone}
              supportPhoneHref={supportPhoneHref}
              supportTicketUrl={supportTicketUrl}
              tiles={tiles}
              signOut={signOut}
              onClose={() => close(false)}
              onSignedIn={() => {
                close(false);
                void refresh();
              }}
              onSignedOut={() => {
                setOpen(false);
                setUser(null);
                onSignedOut?.();
              }}
              onPropertyCreated={(property) => {
                close(false);
                void refresh();
                onPropertyCreated?.(property);
              }}
            />
          </Suspense>
        )}
      </section>
    </div>
  );
}
