import { showingLinkAnswers, showingOwnerAnswers } from './showing-answers.ts';
import { showingContext } from './showing-context.ts';
import { showingRequests } from './showing-requests.ts';
import { showingResponder } from './showing-respond.ts';
import type { ShowingServiceDeps } from './showing-types.ts';

export { fromAddress } from './showing-context.ts';
// Moved to showing-types.ts so the sub-modules need not import this file; kept exported.
export type {
  ShowingActor,
  ShowingOutcome,
  ShowingRequestInput,
  ShowingServiceDeps,
} from './showing-types.ts';

/**
 * Showing requests (issue 22, "Showing management"): a visitor asks for a time on a public
 * listing; the owners confirm, propose another time or decline (dashboard, mailed link, and later
 * a text reply through `respond`); the buyer accepts a proposal or cancels through their link.
 * Every move is a legal one of SHOWING_TRANSITIONS, decided under the request's row lock; each
 * is mailed through the outbox, a confirmation and a cancellation with a calendar file.
 */
export function createShowingService(deps: ShowingServiceDeps) {
  const ctx = showingContext(deps);
  const respond = showingResponder(ctx);
  return {
    respond,
    ...showingRequests(ctx),
    ...showingOwnerAnswers(ctx, respond),
    ...showingLinkAnswers(ctx, respond),
  };
}
export type ShowingService = ReturnType<typeof createShowingService>;
