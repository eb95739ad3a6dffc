import type { TSocialProvider, TSocialProviderConfig } from '@lantern/contracts';
import { type ApiClient, api as defaultApi } from '@lantern/domain/api-client';
import { useCallback, useRef, useState } from 'react';
import { runSocialSignIn, type SocialSignInDeps } from './sign-in.ts';

export interface SocialSignInState {
  /** The provider whose sign-in is under way: the spec's sign-in-in-progress flag. */
  inProgress: TSocialProvider | null;
  /** The text of the 'Sign in Error' panel, or null when there is none. */
  error: string | null;
  start(config: TSocialProviderConfig): void;
  /** Try Again: clears the error so the form shows again. */
  reset(): void;
}

export interface UseSocialSignInOptions {
  /** After success; the default visits the redirect (the dashboard). Close panels here first. */
  onSuccess?: (redirect: string) => void;
  api?: Pick<ApiClient, 'post'>;
  /** Test seams: the popup and the token fetch. */
  deps?: Omit<SocialSignInDeps, 'api'>;
}

/** Only follow a same-origin path the server gave; anything else lands on the dashboard. */
export function safeRedirect(target: string): string {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : '/dashboard';
}

export function useSocialSignIn(options: UseSocialSignInOptions = {}): SocialSignInState {
  const [inProgress, setInProgress] = useState<TSocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A ref as well as state: two clicks in one frame must not start two popups.
  const busy = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const start = useCallback((config: TSocialProviderConfig) => {
    if (busy.current) return;
    busy.current = true;
    setInProgress(config.id);
    setError(null);
    const { api = defaultApi, deps, onSuccess } = latest.current;
    // runSocialSignIn opens the popup synchronously, still inside this click.
    void runSocialSignIn(config, { api, ...deps }).then((result) => {
      busy.current = false;
      setInProgress(null);
      if (result.ok) {
        const go = onSuccess ?? ((to: string) => window.location.assign(to));
        go(safeRedirect(result.redirect));
      } else if (result.message) {
        setError(result.message);
      }
    });
  }, []);

  const reset = useCallback(() => setError(null), []);
  return { inProgress, error, start, reset };
}
