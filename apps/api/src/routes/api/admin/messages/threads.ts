import { threadRoutes } from '../../../_shared/thread-routes.ts';

/** /api/admin/messages: every thread, answered as the company (issues 6, 15). */
export default threadRoutes(true);
