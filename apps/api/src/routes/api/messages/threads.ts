import { threadRoutes } from '../../_shared/thread-routes.ts';

/** /api/messages: the threads of the signed-in user's properties (issue 6). */
export default threadRoutes(false);
