export { authorizationUrl, callbackParams } from './authorization-url.ts';
export { createPkce, randomString } from './pkce.ts';
export { openPopup, type PopupResult, waitForPopup } from './popup.ts';
export { runSocialSignIn, type SocialSignInDeps, type SocialSignInResult } from './sign-in.ts';
export {
  SignInErrorPanel,
  type SignInErrorPanelProps,
  SocialSignIn,
  SocialSignInButtons,
  type SocialSignInButtonsProps,
  type SocialSignInProps,
} from './social-sign-in.tsx';
export {
  loadSocialProviders,
  resetSocialProvidersCache,
  useSocialProviders,
} from './use-social-providers.ts';
export {
  type SocialSignInState,
  safeRedirect,
  type UseSocialSignInOptions,
  useSocialSignIn,
} from './use-social-sign-in.ts';
