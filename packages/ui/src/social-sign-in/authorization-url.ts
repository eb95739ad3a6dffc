import { SOCIAL_FLOWS, type TSocialProviderConfig } from '@lantern/contracts';

export interface AuthorizationInput {
  state: string;
  nonce: string;
  /** S256 challenge, for the flows that exchange a code in the browser (Microsoft). */
  codeChallenge?: string | undefined;
}

/** The provider's standard OpenID Connect authorization request for the popup. */
export function authorizationUrl(config: TSocialProviderConfig, input: AuthorizationInput): string {
  const flow = SOCIAL_FLOWS[config.id];
  const url = new URL(config.authorizationEndpoint);
  const params: Record<string, string> = {
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: flow.responseType,
    response_mode: flow.responseMode,
    scope: flow.scope,
    state: input.state,
    nonce: input.nonce,
  };
  if (config.id === 'google') params.prompt = 'select_account';
  if (config.id === 'microsoft') params.prompt = 'select_account';
  if (flow.pkce && input.codeChallenge) {
    params.code_challenge = input.codeChallenge;
    params.code_challenge_method = 'S256';
  }
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** The parameters a provider sent back, from the callback page's query and fragment. */
export function callbackParams(location: { search: string; hash: string }): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of [location.search, location.hash.replace(/^#/, '')]) {
    for (const [key, value] of new URLSearchParams(source)) params[key] = value;
  }
  return params;
}
