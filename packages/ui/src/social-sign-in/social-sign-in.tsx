import {
  SIGN_IN_ERROR_TITLE,
  type TSocialProvider,
  type TSocialProviderConfig,
} from '@lantern/contracts';
import type { ApiClient } from '@lantern/domain/api-client';
import { type ReactNode, useEffect, useRef } from 'react';
import { Alert } from '../alert.tsx';
import { Button } from '../button.tsx';
import { ProviderLogo } from './provider-logos.tsx';
import { type UseSocialSignInOptions, useSocialSignIn } from './use-social-sign-in.ts';
import './social-sign-in.css';

export interface SocialSignInButtonsProps {
  providers: TSocialProviderConfig[];
  /** The provider under way; every button is disabled meanwhile. */
  inProgress: TSocialProvider | null;
  onSelect(config: TSocialProviderConfig): void;
}

/** One button per configured provider (spec 2: the three social sign-in buttons). */
export function SocialSignInButtons({ providers, inProgress, onSelect }: SocialSignInButtonsProps) {
  if (providers.length === 0) return null;
  return (
    <div className="ln-social" data-testid="social-sign-in">
      <p className="ln-social__divider">
        <span>or</span>
      </p>
      {providers.map((config) => (
        <Button
          key={config.id}
          variant="secondary"
          block
          className={`ln-social__button ln-social__button--${config.id}`}
          loading={inProgress === config.id}
          disabled={inProgress !== null}
          onClick={() => onSelect(config)}
        >
          {/* The spinner takes the mark's place while this provider's sign-in is under way. */}
          {inProgress === config.id ? null : <ProviderLogo provider={config.id} />}
          Sign in with {config.name}
        </Button>
      ))}
    </div>
  );
}

export interface SignInErrorPanelProps {
  message: string;
  onTryAgain(): void;
}

/** The 'Sign in Error' panel that replaces the form after a failed social sign-in (spec 2). */
export function SignInErrorPanel({ message, onTryAgain }: SignInErrorPanelProps) {
  const tryAgain = useRef<HTMLButtonElement>(null);
  // The button that was clicked is gone: put keyboard focus where the next step is.
  useEffect(() => tryAgain.current?.focus(), []);
  return (
    <div className="ln-social-error">
      <Alert tone="danger" title={SIGN_IN_ERROR_TITLE}>
        <p>{message}</p>
      </Alert>
      <Button ref={tryAgain} variant="primary" block onClick={onTryAgain}>
        Try Again
      </Button>
    </div>
  );
}

export interface SocialSignInProps extends Omit<UseSocialSignInOptions, 'api'> {
  /** The configured providers (GET /api/auth/providers, e.g. through useSocialProviders). */
  providers: TSocialProviderConfig[];
  /** The form that the error panel replaces; the buttons follow it. */
  children?: ReactNode;
  api?: Pick<ApiClient, 'post'> | undefined;
}

/**
 * Social sign-in for any form: the buttons under `children`, and after a failure the
 * 'Sign in Error' panel in place of both until Try Again. After success `onSuccess` runs
 * (close the dropdown there); by default the browser visits the dashboard.
 */
export function SocialSignIn({ providers, children, api, ...options }: SocialSignInProps) {
  const { inProgress, error, start, reset } = useSocialSignIn({
    ...options,
    ...(api ? { api } : {}),
  });
  if (error) return <SignInErrorPanel message={error} onTryAgain={reset} />;
  return (
    <>
      {children}
      <SocialSignInButtons providers={providers} inProgress={inProgress} onSelect={start} />
    </>
  );
}
