import { ORDER_STATUSES, type TOrderStatus } from '@lantern/contracts';

/** The HubSpot account customers and orders are pushed to (docs/decisions/027-crm-sync.md). */
export interface HubSpotConfig {
  /** A private app's access token, sent as a bearer token; never logged. */
  token: string;
  /** https://api.hubapi.com, or a stand-in for tests. */
  baseUrl: string;
  /** The deal pipeline's internal id. */
  pipeline: string;
  /** The pipeline stage's internal id for each order status. */
  stages: Record<TOrderStatus, string>;
}

/**
 * The stages of HubSpot's default sales pipeline, which every account starts with: a quote
 * request is a qualified lead, an order waiting for payment has its contract (the invoice) sent,
 * a paid or finished order is won, a cancelled one lost.
 */
export const DEFAULT_DEAL_STAGES: Record<TOrderStatus, string> = {
  quote_requested: 'qualifiedtobuy',
  pending_payment: 'contractsent',
  confirmed: 'closedwon',
  completed: 'closedwon',
  cancelled: 'closedlost',
};

/**
 * HUBSPOT_DEAL_STAGES: `status=stageId` pairs, comma-separated, for an account whose pipeline
 * was customised (`confirmed=12345,cancelled=12346`); statuses not named keep the default.
 */
export function dealStages(value: string | undefined): Record<TOrderStatus, string> {
  const stages = { ...DEFAULT_DEAL_STAGES };
  for (const pair of (value ?? '').split(',').map((p) => p.trim())) {
    if (!pair) continue;
    const [status, stage] = pair.split('=').map((s) => s.trim());
    if (!status || !stage || !(ORDER_STATUSES as readonly string[]).includes(status)) {
      throw new Error(
        `HUBSPOT_DEAL_STAGES: "${pair}" is not status=stageId with a status among ${ORDER_STATUSES.join(', ')}.`,
      );
    }
    stages[status as TOrderStatus] = stage;
  }
  return stages;
}
