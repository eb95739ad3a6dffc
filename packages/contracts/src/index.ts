export { type ApiClient, ApiError, createApiClient } from './api-client.ts';
export * from './auth/credentials.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './paths.ts';
export * from './roles.ts';
export * from './site.ts';
export * from './user/current-user.ts';
