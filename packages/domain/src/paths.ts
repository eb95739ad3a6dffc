/** Fixed paths from the spec and docs/architecture/request-path.md, shared by every front end and the server. */
export const PATHS = {
  home: '/',
  login: '/account/login',
  signUp: '/account/sign-up',
  logout: '/account/logout',
  forgotPassword: '/password/email',
  dashboard: '/dashboard',
  accountSettings: '/dashboard/account',
  vendor: '/vendor',
  admin: '/admin',
  apiUser: '/api/user',
  apiSession: '/api/session',
  apiHealth: '/api/health',
} as const;
