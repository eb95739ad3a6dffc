import {
  streetAddressUnit,
  type TCrmErrorRow,
  ZCrmErrorRowSchema,
  ZCrmErrorsPageSchema,
  ZCrmErrorsQuerySchema,
  ZCrmRecordParamsSchema,
  ZCrmStatusSchema,
} from '@lantern/contracts';
import { ADMIN_PAGES } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FailedCrmRecord } from '../../../features/crm/crm-records.repository.ts';
import { ERRORS, page, refused } from '../../_shared/replies.ts';

function toRow(r: FailedCrmRecord): TCrmErrorRow {
  const isCustomer = r.record.userId !== null;
  const address = r.street
    ? `${streetAddressUnit(r.street, r.unit)}, ${r.city ?? ''}, ${r.state ?? ''}`
    : '';
  return {
    id: r.record.id,
    record: isCustomer ? 'customer' : 'order',
    summary: isCustomer ? (r.email ?? '') : `${r.productName ?? 'Order'} — ${address}`,
    href: isCustomer
      ? ADMIN_PAGES.user(r.userHash ?? '')
      : ADMIN_PAGES.property(r.propertyHash ?? ''),
    status: r.record.lastErrorStatus,
    message: r.record.lastErrorMessage ?? r.jobError ?? '',
    failedAt: r.failedAt.toISOString(),
    attempts: r.attempts,
    jobId: r.jobId,
  };
}

/**
 * CRM sync errors (issue 20; docs/decisions/027-crm-sync.md): whether the sync is on, the
 * customers and orders whose push to HubSpot failed on every try, and a retry.
 */
const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm',
    {
      config: { access: { staff: ['crm.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'Whether customers and orders are pushed to the CRM',
        response: { 200: ZCrmStatusSchema, ...ERRORS },
      },
    },
    async () => ({ enabled: app.crm.enabled, provider: 'HubSpot' as const }),
  );

  app.get(
    '/crm/errors',
    {
      config: { access: { staff: ['crm.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'Customers and orders whose push to the CRM failed, latest failure first',
        querystring: ZCrmErrorsQuerySchema,
        response: { 200: ZCrmErrorsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.crmRecords.failedPage(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toRow), nextCursor: result.nextCursor };
    },
  );

  app.post(
    '/crm/errors/:id/retry',
    {
      config: { access: { staff: ['crm.retry'] }, audit: { action: 'crm.retry' } },
      schema: {
        tags: ['admin'],
        summary: 'Push a failed customer or order to the CRM once more, now',
        params: ZCrmRecordParamsSchema,
        response: { 202: ZCrmErrorRowSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.crm.retry(request.params.id);
      if (!outcome.ok) return refused(reply, outcome);
      const { before, jobId } = outcome.value;
      const customer = before.record.userId !== null;
      request.audit({
        recordType: customer ? 'user' : 'order',
        recordId: (customer ? before.userHash : before.orderHash) ?? String(before.record.id),
        before: {
          push: before.jobStatus,
          attempts: before.attempts,
          status: before.record.lastErrorStatus,
          error: before.record.lastErrorMessage,
        },
        after: { push: 'pending', jobId },
      });
      return reply.code(202).send(toRow(before));
    },
  );
};

export default crmRoutes;
