import type { TAdminSummary, TPermission } from '@lantern/contracts';
import {
  ADMIN_LISTINGS_PAGES,
  ADMIN_ORDERS_PAGES,
  ADMIN_PAGES,
  DOCUMENTS_PAGES,
  SUPPORT_PAGES,
  WORK_ORDER_PAGES,
} from '@lantern/domain';
import type { AdminSummaryRepository } from './admin-summary.repository.ts';

interface AttentionItem {
  key: string;
  label: string;
  needs: TPermission;
  count: (s: AdminSummaryRepository) => Promise<number>;
  /** The list filtered to exactly what was counted. */
  href: string;
}

/** What waits for a person on the admin home (issues 15 and 47), in the order staff read it. */
const ITEMS: readonly AttentionItem[] = [
  {
    key: 'quotes',
    label: 'Orders waiting for a quote',
    needs: 'orders.view',
    count: (s) => s.quotesWaiting(),
    href: `${ADMIN_ORDERS_PAGES.orders}?status=quote_requested`,
  },
  {
    key: 'listings',
    label: 'MLS listings waiting for review',
    needs: 'listings.review',
    count: (s) => s.listingsToReview(),
    href: `${ADMIN_LISTINGS_PAGES.listings}?status=submitted`,
  },
  {
    key: 'changes',
    label: 'Listing changes to carry out',
    needs: 'listings.review',
    count: (s) => s.changesToDo(),
    href: `${ADMIN_LISTINGS_PAGES.changes}?status=pending`,
  },
  {
    key: 'work-orders',
    label: 'Work orders waiting to be scheduled',
    needs: 'workorders.manage',
    count: (s) => s.workOrdersToSchedule(),
    href: `${WORK_ORDER_PAGES.admin}?state=requested`,
  },
  {
    key: 'documents',
    label: 'Documents waiting for review',
    needs: 'documents.review',
    count: (s) => s.documentsToReview(),
    href: `${DOCUMENTS_PAGES.adminDocuments}?state=submitted`,
  },
  {
    key: 'messages',
    label: 'Conversations waiting for an answer',
    needs: 'messages.answer',
    count: (s) => s.unansweredThreads(),
    href: ADMIN_PAGES.messages,
  },
  {
    key: 'tickets',
    label: 'Support tickets waiting for us',
    needs: 'messages.answer',
    count: (s) => s.ticketsOpen(),
    href: `${SUPPORT_PAGES.adminTickets}?state=open`,
  },
  {
    key: 'jobs',
    label: 'Background jobs that failed',
    needs: 'jobs.view',
    count: (s) => s.failedJobs(),
    href: `${ADMIN_PAGES.jobs}?status=failed`,
  },
  {
    key: 'crm',
    label: 'CRM pushes that failed',
    needs: 'crm.view',
    count: (s) => s.failedCrmPushes(),
    href: ADMIN_PAGES.crm,
  },
];

/** The items the role may see, each counted (one query each, only for those). */
export async function attentionFor(
  can: (permission: TPermission) => boolean,
  s: AdminSummaryRepository,
): Promise<TAdminSummary['attention']> {
  const items: TAdminSummary['attention'] = [];
  for (const item of ITEMS) {
    if (can(item.needs)) {
      items.push({ key: item.key, label: item.label, count: await item.count(s), href: item.href });
    }
  }
  return items;
}
