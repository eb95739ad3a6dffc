import {
  APPLE_STATE_LENGTH,
  SOCIAL_ERRORS,
  SOCIAL_FLOWS,
  SOCIAL_PATHS,
  type TSocialProviderConfig,
  ZAuthSuccessSchema,
  ZSocialAttemptSchema,
} from '@lantern/contracts';
import { type ApiClient, ApiError } from '@lantern/domain/api-client';
import { authorizationUrl } from './authorization-url.ts';
import { createPkce } from './pkce.ts';
import { openPopup, type PopupResult, waitForPopup } from './popup.ts';

/**
 * How a sign-in ended. `message` null means a failure the spec ignores (Apple's own failure
 * event, a popup someone closed): the form simply becomes usable again.
 */
export type SocialSignInResult =
  | { ok: true; redirect: string }
  | { ok: false; message: string | null };

export interface SocialSignInDeps {
  api: Pick<ApiClient, 'post'>;
  openPopup?: (name: string) => Window | null;
  waitForPopup?: (popup: Window) => Promise<PopupResult>;
  fetch?: typeof fetch;
}

const fail = (message: string | null): SocialSignInResult => ({ ok: false, message });

/**
 * One social sign-in, start to end (issue 7): open the popup inside the click, start an attempt
 * (the server keeps its state and nonce), send the popup to the provider's authorization
 * endpoint, take the answer our callback page hands back, and post it to the spec's endpoint.
 * The error texts are the spec's (section 8), including its observed wording for Microsoft.
 */
export async function runSocialSignIn(
  config: TSocialProviderConfig,
  deps: SocialSignInDeps,
): Promise<SocialSignInResult> {
  const provider = config.id;
  const popupError = SOCIAL_ERRORS[provider];
  const popup = (deps.openPopup ?? openPopup)(`lantern-${provider}-sign-in`);
  if (!popup) return fail(popupError);

  let attempt: { state: string; nonce: string };
  let verifier: string | undefined;
  let answer: PopupResult;
  try {
    attempt = await deps.api.post(
      SOCIAL_PATHS.attempts,
      { provider },
      { schema: ZSocialAttemptSchema },
    );
    const pkce = SOCIAL_FLOWS[provider].pkce ? await createPkce() : undefined;
    verifier = pkce?.verifier;
    popup.location.href = authorizationUrl(config, {
      ...attempt,
      codeChallenge: pkce?.challenge,
    });
    answer = await (deps.waitForPopup ?? waitForPopup)(popup);
  } catch {
    return fail(popupError);
  } finally {
    // Nothing more can come from it; a popup left open would only confuse.
    if (!popup.closed) popup.close();
  }

  // Closing the popup or refusing at the provider: Apple's failure event is ignored (spec 8), a
  // cancelled Google popup reports nothing, Microsoft's popup failure has its own text.
  if (answer.kind === 'closed') return fail(provider === 'microsoft' ? popupError : null);
  const params = answer.params;
  if (params.error) return fail(provider === 'apple' ? null : popupError);
  // The state must be this attempt's (spec 5 for Apple; the same guard for the others).
  if (params.state !== attempt.state) return fail(popupError);

  if (provider === 'apple') {
    if (!params.id_token || attempt.state.length !== APPLE_STATE_LENGTH) return fail(popupError);
    return post(deps.api, SOCIAL_PATHS.login('apple'), {
      user: params.user ?? '',
      code: params.code ?? '',
      id_token: params.id_token,
      state: params.state,
    }).catch(appleError);
  }
  if (provider === 'google') {
    if (!params.id_token) return fail(popupError);
    return post(deps.api, SOCIAL_PATHS.login('google'), {
      credential: params.id_token,
      select_by: 'btn',
    }).catch(() => fail(SOCIAL_ERRORS.google));
  }

  // Microsoft: redeem the code with the PKCE verifier (the single-page-app flow), then sign in.
  const token = await redeemCode(config, params.code, verifier, deps.fetch ?? fetch);
  if (!token) return fail(SOCIAL_ERRORS.microsoft);
  return post(deps.api, SOCIAL_PATHS.login('microsoft'), { token }).catch(() =>
    fail(SOCIAL_ERRORS.microsoftServer),
  );
}

async function post(
  api: Pick<ApiClient, 'post'>,
  path: string,
  body: object,
): Promise<SocialSignInResult> {
  const { redirect } = await api.post(path, body, { schema: ZAuthSuccessSchema });
  return { ok: true, redirect };
}

/** Apple shows the server's display_error when there is one (spec 8). */
function appleError(error: unknown): SocialSignInResult {
  const shown = error instanceof ApiError ? error.body.display_error : undefined;
  return fail(shown || SOCIAL_ERRORS.apple);
}

async function redeemCode(
  config: TSocialProviderConfig,
  code: string | undefined,
  verifier: string | undefined,
  doFetch: typeof fetch,
): Promise<string | undefined> {
  if (!code || !verifier || !config.tokenEndpoint) return undefined;
  try {
    const res = await doFetch(config.tokenEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      credentials: 'omit',
      body: new URLSearchParams({
        client_id: config.clientId,
        grant_type: 'authorization_code',
        code,
        redirect_uri: config.redirectUri,
        code_verifier: verifier,
        scope: SOCIAL_FLOWS.microsoft.scope,
      }),
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { id_token?: unknown };
    return typeof body.id_token === 'string' ? body.id_token : undefined;
  } catch {
    return undefined;
  }
}
