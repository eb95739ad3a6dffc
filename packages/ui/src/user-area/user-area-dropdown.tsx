import type { TCurrentUser, TPropertyMenuEntry } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { CircleUserRound } from 'lucide-react';
import {
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../class-names.ts';
import type { MapTiles } from '../map/pin-map.tsx';
import { Spinner } from '../spinner.tsx';
import { whenIdle } from '../when-idle.ts';
import { fetchSession } from './session.ts';
import type { UserAreaClient } from './use-user-area.ts';

/**
 * The panel brings the forms, the API client and its schemas. They load when the browser is
 * next idle after the shell mounts (or as the pointer or focus reaches the trigger, whichever
 * comes first), so a content page hydrates only this small shell and the panel still opens at
 * once on the first click (issue 14, item 2).
 */
let loadedPanel: typeof import('./user-area-panel.tsx').UserAreaPanel | undefined;
const loadPanel = () =>
  import('./user-area-panel.tsx').then((m) => {
    loadedPanel = m.UserAreaPanel;
    return m;
  });
const LazyPanel = lazy(() => loadPanel().then((m) => ({ default: m.UserAreaPanel })));

/** The polite status after a sign-up from the dropdown (issue 14, item 4). */
export const ACCOUNT_READY = 'Your account is ready — add your first property';

export interface UserAreaDropdownProps {
  /**
   * Server-rendered (the public site's island): until hydration the trigger is a plain link to
   * /account/login, so a click before the island wakes is never lost (issue 14, item 1).
   */
  prerendered?: boolean;
  /** Told who is signed in whenever that is learnt or changes (null: signed out). */
  onSessionChange?: (user: TCurrentUser | null) => void;
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

/** Outside clicks close the panel, and Escape from within it; never from the form's dialogs. */
function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  root: RefObject<HTMLDivElement | null>,
  trigger: RefObject<HTMLButtonElement | null>,
) {
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
}

/** Who is signed in (undefined while asking, null when signed out), told to the caller. */
function useSession(
  loadSession: () => Promise<TCurrentUser | null>,
  onSessionChange: ((user: TCurrentUser | null) => void) | undefined,
) {
  const [user, setUser] = useState<TCurrentUser | null | undefined>();
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    const found = await loadSession();
    if (alive.current) setUser(found);
  }, [loadSession]);

  useEffect(() => {
    if (user !== undefined) onSessionChange?.(user);
  }, [user, onSessionChange]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    return () => {
      alive.current = false;
    };
  }, [refresh]);

  return { user, setUser, alive, refresh };
}

/** Fetches the panel's code and the client ahead of the click that needs them. */
function useWarmPanel(api: UserAreaDropdownProps['api'], alive: RefObject<boolean>, open: boolean) {
  const [client, setClient] = useState(() => (typeof api === 'function' ? undefined : api));
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

  useEffect(() => whenIdle(warm), [warm]);

  return { client, warm };
}

const userIcon = <CircleUserRound size={20} aria-hidden="true" focusable="false" />;

/**
 * The header's user-area dropdown (spec section 2): a trigger naming the state (Log in / My
 * Account) and a disclosure panel that closes on Escape or an outside click.
 */
export function UserAreaDropdown({
  prerendered = false,
  onSessionChange,
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
  const [open, setOpen] = useState(false);
  const [enhanced, setEnhanced] = useState(!prerendered);
  const [status, setStatus] = useState('');
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const { user, setUser, alive, refresh } = useSession(loadSession, onSessionChange);

  // The link becomes the button; keyboard focus on the link moves with it.
  useEffect(() => {
    if (enhanced) return;
    const hadFocus = root.current?.contains(document.activeElement) ?? false;
    setEnhanced(true);
    if (hadFocus) requestAnimationFrame(() => trigger.current?.focus());
  }, [enhanced]);

  const { client, warm } = useWarmPanel(api, alive, open);

  useDismiss(open, setOpen, root, trigger);

  const close = (focusTrigger = true) => {
    setOpen(false);
    if (focusTrigger) trigger.current?.focus();
  };

  // 'Log in' until the session says otherwise: the same words as the link it replaces.
  const label = user ? 'My Account' : 'Log in';
  const loading = <Spinner label="Loading your account…" />;
  const Panel = loadedPanel ?? LazyPanel;
  const triggerClass = 'ln-btn ln-btn--secondary ln-btn--sm ln-user-area__trigger';

  if (!enhanced) {
    return (
      <div ref={root} className={cx('ln-user-area', className)}>
        <a className={triggerClass} href={PATHS.login}>
          {userIcon}
          <span>Log in</span>
        </a>
      </div>
    );
  }

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
        onClick={() => {
          setStatus('');
          setOpen((o) => !o);
        }}
      >
        {userIcon}
        <span>{label}</span>
      </button>
      <p role="status" className="ln-user-area__status">
        {open ? '' : status}
      </p>
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
            {/* Once preloaded, the panel renders in the same frame as the click (no Suspense). */}
            <Panel
              api={client}
              user={user}
              supportPhone={supportPhone}
              supportPhoneHref={supportPhoneHref}
              supportTicketUrl={supportTicketUrl}
              tiles={tiles}
              signOut={signOut}
              onClose={() => close(false)}
              onSignedIn={(how) => {
                close(false);
                void refresh();
                if (how === 'signUp') setStatus(ACCOUNT_READY);
              }}
              onSignedOut={() => {
                setStatus('');
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
