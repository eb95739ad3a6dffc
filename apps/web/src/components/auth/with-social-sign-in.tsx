import { SocialSignIn, useSocialProviders } from '@lantern/ui';
import type { ReactNode } from 'react';

/**
 * The email form with the social sign-in buttons of the configured providers under it (issue 7).
 * The list comes from the API when the island starts, so the static build carries no provider
 * settings; until then, or with none configured, only the form shows. After a failure the
 * 'Sign in Error' panel replaces both until Try Again.
 */
export function WithSocialSignIn({ children }: { children: ReactNode }) {
  const providers = useSocialProviders();
  return <SocialSignIn providers={providers ?? []}>{children}</SocialSignIn>;
}
