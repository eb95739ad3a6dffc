import {
  invoiceNumber,
  ZAdminOrderParamsSchema,
  ZBillAgentHoursResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../_shared/replies.ts';

const manage = { access: { staff: ['orders.manage'] as const } };

/**
 * Billing an hourly agent's hours (issue 24; docs/decisions/050): staff who manage orders turn the
 * order's unbilled hours into one invoice of kind `agent_hours`; an hour is never billed twice.
 */
const agentHourRoutes: FastifyPluginAsyncZod = async (app) => {
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
