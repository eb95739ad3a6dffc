import { US_STATES } from '@lantern/address';
import {
  type TValuationDisclaimer,
  type TValuationDisclaimersResponse,
  VALUATION_DISCLAIMER_DEFAULT,
  VALUATION_DISCLAIMER_FIXED,
} from '@lantern/contracts';
import type { NewAuditEntry } from '@lantern/db';
import type {
  StoredDisclaimer,
  ValuationDisclaimerRepository,
} from './valuation-disclaimers.repository.ts';

const STATE_NAMES: ReadonlyMap<string, string> = new Map(US_STATES.map((s) => [s.code, s.name]));
const BY_NAME = [...US_STATES].sort((a, b) => a.name.localeCompare(b.name));

/** What a report prints: the fixed sentence, then the state's wording or our default. */
export interface ReportDisclaimer {
  fixed: string;
  text: string;
}

function view(state: string, stored: StoredDisclaimer | undefined): TValuationDisclaimer {
  return {
    state,
    stateName: STATE_NAMES.get(state) ?? state,
    text: stored?.text ?? null,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
    updatedBy:
      stored?.updatedByEmail != null
        ? { name: stored.updatedByName, email: stored.updatedByEmail }
        : null,
  };
}

/**
 * Valuation disclaimers (docs/decisions/062): staff's wording per state for the admin page, and
 * `forState` for whatever prints a valuation report. A state code that is not one of the 50
 * states or DC carries the default, as does a state staff have not set.
 */
export function createValuationDisclaimers(deps: {
  repo: Pick<ValuationDisclaimerRepository, 'all' | 'textOf' | 'set'>;
}) {
  const { repo } = deps;
  return {
    /** Every state and DC by name, each with its own wording or null for the default. */
    async list(): Promise<TValuationDisclaimersResponse> {
      const stored = new Map((await repo.all()).map((r) => [r.state, r]));
      return {
        fixed: VALUATION_DISCLAIMER_FIXED,
        defaultText: VALUATION_DISCLAIMER_DEFAULT,
        disclaimers: BY_NAME.map((s) => view(s.code, stored.get(s.code))),
      };
    },

    /**
     * Set a state's wording, or put it back to the default with null, and write its activity
     * entry in the same transaction (`auditOf` builds it from the wording before and after).
     */
    async set(
      state: string,
      text: string | null,
      userId: number,
      auditOf: (before: string | null, after: string | null) => NewAuditEntry,
    ): Promise<TValuationDisclaimer> {
      const { after } = await repo.set(state, text, userId, auditOf);
      return view(state, after);
    },

    /** The disclaimer a report about a home in `state` (a USPS code, any case) carries. */
    async forState(state: string): Promise<ReportDisclaimer> {
      const code = state.trim().toUpperCase();
      const own = STATE_NAMES.has(code) ? await repo.textOf(code) : undefined;
      return { fixed: VALUATION_DISCLAIMER_FIXED, text: own ?? VALUATION_DISCLAIMER_DEFAULT };
    },
  };
}
export type ValuationDisclaimers = ReturnType<typeof createValuationDisclaimers>;
