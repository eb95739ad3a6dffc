import { changeRequests } from './manage/change-requests.ts';
import { expiryJobs } from './manage/jobs.ts';
import { renewalRequests, renewalSignatures } from './manage/renewals.ts';
import type { ManageDeps } from './manage/shared.ts';
import { staffDecisions } from './manage/staff-decisions.ts';
import { syndicationChoices } from './manage/syndication.ts';
import { manageView } from './manage/view.ts';

export { EXPIRE_JOB, EXPIRY_REMINDERS_JOB } from './manage/jobs.ts';
export { changeView, type ManageDeps, priceWindow } from './manage/shared.ts';

/**
 * Managing a live MLS listing (issue 18, "Manage (once live)"; docs/decisions/032): change
 * requests for price, remarks, photos and status, each a change form the owner signs at once;
 * the renewal, a new agreement every owner signs; staff carrying changes out or declining them;
 * and the daily expiry reminder and expiry. Each operation lives in its own module under
 * `manage/`; this composes them.
 */
export function createManageService(deps: ManageDeps) {
  return {
    ...manageView(deps),
    ...changeRequests(deps),
    ...renewalRequests(deps),
    ...renewalSignatures(deps),
    ...staffDecisions(deps),
    ...expiryJobs(deps),
    ...syndicationChoices(deps),
  };
}
export type ManageService = ReturnType<typeof createManageService>;
