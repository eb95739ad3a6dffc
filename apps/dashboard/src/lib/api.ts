import { createApiClient } from '@lantern/domain/api-client';

/** The SPA's one API client: X-Requested-With on every call, 401 → /account/login. */
export const api = createApiClient();
