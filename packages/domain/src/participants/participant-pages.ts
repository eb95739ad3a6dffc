/**
 * Where an invitation link lands: `${INVITATION_PAGE}#token=…`. The token rides in the fragment,
 * which browsers never send, so it stays out of server and proxy logs.
 */
export const INVITATION_PAGE = '/dashboard/invitation';
