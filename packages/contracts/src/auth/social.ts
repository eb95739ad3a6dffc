import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * Social sign-in with Apple, Google and Microsoft (spec sections 3, 5, 7, 8 and 9; issue 7;
 * docs/decisions/006-social-sign-in.md).
 */
export const SOCIAL_PROVIDERS = ['apple', 'google', 'microsoft'] as const;
export const ZSocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type TSocialProvider = z.infer<typeof ZSocialProviderSchema>;

export const SOCIAL_PROVIDER_NAMES: Record<TSocialProvider, string> = {
  apple: 'Apple',
  google: 'Google',
  microsoft: 'Microsoft',
};

/** The spec's error catalogue (section 8), word for word. */
export const SOCIAL_ERRORS = {
  apple: 'There was an error signing in to Apple. Please try again.',
  google: 'There was an error signing in to Google. Please try again.',
  microsoft: 'There was an error signing in to Microsoft. Please try again.',
  /** A failed POST /account/login/microsoft shows the Google text: the spec records it as observed. */
  microsoftServer: 'There was an error signing in to Google. Please try again.',
} as const;

export const SIGN_IN_ERROR_TITLE = 'Sign in Error';

export const SOCIAL_PATHS = {
  providers: '/api/auth/providers',
  attempts: '/account/social/attempts',
  /** Apple answers with a cross-site form POST here; it is relayed to the callback page. */
  appleCallback: '/account/social/apple/callback',
  /** The popup's landing page on our origin: it hands the result to the opener and closes. */
  callbackPage: '/account/social-callback',
  login: (provider: TSocialProvider) => `/account/login/${provider}` as const,
} as const;

/** The Apple flow's state is 21 characters (spec section 5). */
export const APPLE_STATE_LENGTH = 21;

/** What each provider's popup asks for. Fixed per provider, so it lives here, not in settings. */
export const SOCIAL_FLOWS: Record<
  TSocialProvider,
  {
    scope: string;
    responseType: 'code' | 'id_token' | 'code id_token';
    responseMode: 'fragment' | 'form_post';
    /** The browser exchanges the code itself, with PKCE S256 (Microsoft's single-page-app flow). */
    pkce: boolean;
  }
> = {
  // Apple requires form_post whenever scopes are requested (spec 9: name and email).
  apple: {
    scope: 'name email',
    responseType: 'code id_token',
    responseMode: 'form_post',
    pkce: false,
  },
  // Google's ID token straight from the authorization endpoint: the `credential` of spec section 3.
  google: {
    scope: 'openid email profile',
    responseType: 'id_token',
    responseMode: 'fragment',
    pkce: false,
  },
  microsoft: {
    scope: 'openid profile email',
    responseType: 'code',
    responseMode: 'fragment',
    pkce: true,
  },
};

/** GET /api/auth/providers — the public, non-secret settings of each configured provider. */
export const ZSocialProviderConfigSchema = z.object({
  id: ZSocialProviderSchema,
  name: z.string(),
  clientId: z.string(),
  authorizationEndpoint: z.string(),
  redirectUri: z.string(),
  /** Microsoft only: where the popup's code is exchanged for the ID token. */
  tokenEndpoint: z.string().optional(),
});
export type TSocialProviderConfig = z.infer<typeof ZSocialProviderConfigSchema>;

export const ZSocialProvidersSchema = z.object({ providers: z.array(ZSocialProviderConfigSchema) });
export type TSocialProviders = z.infer<typeof ZSocialProvidersSchema>;

/** POST /account/social/attempts — start an attempt; the server keeps state and nonce. */
export const ZSocialAttemptRequestSchema = z.object({ provider: ZSocialProviderSchema });
export type TSocialAttemptRequest = z.infer<typeof ZSocialAttemptRequestSchema>;
export const ZSocialAttemptSchema = z.object({ state: z.string(), nonce: z.string() });
export type TSocialAttempt = z.infer<typeof ZSocialAttemptSchema>;

const jwt = singleLineText().min(1).max(16_384);

/** POST /account/login/apple — spec section 3 "Apple-style login payload". */
export const ZAppleLoginRequestSchema = z.object({
  /** Apple's JSON `user` (name, email) on the first sign-in only; never trusted for the email. */
  user: singleLineText().max(4096).optional(),
  code: singleLineText().max(4096).optional(),
  id_token: jwt,
  state: singleLineText().min(1).max(256),
});
export type TAppleLoginRequest = z.infer<typeof ZAppleLoginRequestSchema>;

/** POST /account/login/google — `credential` is the ID token. */
export const ZGoogleLoginRequestSchema = z.object({
  credential: jwt,
  select_by: singleLineText().max(64).optional(),
});
export type TGoogleLoginRequest = z.infer<typeof ZGoogleLoginRequestSchema>;

/** POST /account/login/microsoft — `token` is the ID token from the popup. */
export const ZMicrosoftLoginRequestSchema = z.object({ token: jwt });
export type TMicrosoftLoginRequest = z.infer<typeof ZMicrosoftLoginRequestSchema>;

/** User-facing reasons a social sign-in was refused, sent as `display_error`. */
export const SOCIAL_DISPLAY_ERRORS = {
  noVerifiedEmail: (provider: TSocialProvider) =>
    `Your ${SOCIAL_PROVIDER_NAMES[provider]} account did not share a verified email address. Verify your email with ${SOCIAL_PROVIDER_NAMES[provider]}, or sign up with your email and a password.`,
} as const;

/** What the callback page posts to the opener window. */
export const SOCIAL_CALLBACK_MESSAGE = 'lantern:social-callback';
export const ZSocialCallbackMessageSchema = z.object({
  type: z.literal(SOCIAL_CALLBACK_MESSAGE),
  params: z.record(z.string(), z.string()),
});
export type TSocialCallbackMessage = z.infer<typeof ZSocialCallbackMessageSchema>;
