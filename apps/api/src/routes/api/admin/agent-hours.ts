import {
  ZAdminOrderParamsSchema,
  ZBillAgentHoursResponseSchema,
  ZUnbilledAgentHoursSchema,
} from '@lantern/contracts';
import { invoiceNumber } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, refused } from '../../_shared/replies.ts';

const view = { access: { staff: ['orders.view'] as const } };
const manage = { access: { staff: ['orders.manage'] as const } };

/**
 * Billing an hourly agent's hours (issue 24; docs/decisions/050): staff who manage orders turn the
 * order's unbilled hours into one invoice of kind `agent_hours`; an hour is never billed twice.
 */
const agentHourRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:hash/agent-hours',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary:
          "An hourly representation order's hours not billed yet: entries, minutes and what they come to (404 for any other order)",
        params: ZAdminOrderParamsSchema,
        response: { 200: ZUnbilledAgentHoursSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await app.agentWork.unbilled(request.params.hash)) ?? notFound(reply),
  );

  app.post(
    '/orders/:hash/bill-agent-hours',
    {
      config: { ...manage, audit: { action: 'order.bill_agent_hours' } },
      schema: {
        tags: ['admin'],
        summary:
          "Bill an hourly representation order's unbilled hours into one invoice (409 when none are left)",
        params: ZAdminOrderParamsSchema,
        response: { 201: ZBillAgentHoursResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const done = await app.agentWork.billHours(request.params.hash);
      if (!done.ok) return refused(reply, done);
      const number = invoiceNumber(done.invoice.number);
      request.audit({
        recordType: 'order',
        recordId: request.params.hash,
        before: null,
        after: { invoice: number, entries: done.entries, minutes: done.minutes },
      });
      await app.realtime.publishToProperty(done.invoice.propertyHash, {
        event: 'InvoiceUpdated',
        data: { hash: done.invoice.hash, number, status: 'open' },
      });
      return reply.code(201).send({
        invoice: { hash: done.invoice.hash, number, totalCents: done.invoice.totalCents },
        entries: done.entries,
        minutes: done.minutes,
      });
    },
  );
};

export default agentHourRoutes;
