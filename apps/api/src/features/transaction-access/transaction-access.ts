import { accessContext } from './access-context.ts';
import { accessGrants, accessWithdrawals } from './access-decisions.ts';
import { accessRequests } from './access-requests.ts';
import type { TransactionAccessDeps } from './access-types.ts';
import { accessView } from './access-view.ts';

// Moved to access-types.ts so the sub-modules need not import this file; kept exported.
export type {
  OwnerScope,
  TransactionAccessDeps,
  TransactionAccessInput,
  TxOutcome,
  ViewerMeta,
} from './access-types.ts';

/**
 * Transaction access (issue 24; docs/decisions/047-transaction-access.md): a request from a
 * listing page, confirmed by its mailed link before the owners hear of it; the owners' approval
 * (1–90 days, what they share), refusal or revocation under the row's lock; the shared view by
 * a capability link, checked against the stored row on every request and logged every time.
 */
export function createTransactionAccessService(deps: TransactionAccessDeps) {
  const ctx = accessContext(deps);
  return {
    ...accessRequests(ctx),
    ...accessGrants(ctx),
    ...accessWithdrawals(ctx),
    ...accessView(ctx),
  };
}
export type TransactionAccessService = ReturnType<typeof createTransactionAccessService>;
