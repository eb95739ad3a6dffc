import {
  TEXT_KIND_KEYS,
  TEXT_STATUSES,
  type TOptOutRow,
  type TTextKind,
  type TTextRow,
  type TTextStatus,
  TWILIO_PATHS,
  textState,
  ZOptOutCreateSchema,
  ZOptOutParamsSchema,
  ZOptOutRowSchema,
  ZOptOutsPageSchema,
  ZOptOutsQuerySchema,
  ZTextSettingsSchema,
  ZTextsPageSchema,
  ZTextsQuerySchema,
} from '@lantern/contracts';
import type { TextOptOut } from '@lantern/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OptOutListRow, TextListRow } from '../../../features/texts/texts.repository.ts';
import { ERRORS, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const known = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

function toRow(t: TextListRow): TTextRow {
  const status = known<TTextStatus>(TEXT_STATUSES, t.status, 'pending');
  return {
    id: t.id,
    direction: t.direction,
    phone: t.phone,
    kind: known<TTextKind>(TEXT_KIND_KEYS, t.kind, t.direction === 'inbound' ? 'message' : 'reply'),
    body: t.body,
    status,
    state: textState(status),
    providerSid: t.providerSid,
    errorCode: t.errorCode,
    errorMessage: t.errorMessage,
    user: t.userHash && t.userEmail ? { hash: t.userHash, email: t.userEmail } : null,
    mediaCount: t.mediaCount,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

function toOptOutRow(o: OptOutListRow): TOptOutRow {
  return {
    id: o.id,
    phone: o.phone,
    source: o.source,
    keyword: o.keyword,
    note: o.note,
    staff: o.staffHash && o.staffEmail ? { hash: o.staffHash, email: o.staffEmail } : null,
    createdAt: o.createdAt.toISOString(),
  };
}

const auditView = (o: TextOptOut) => ({ phone: o.phone, source: o.source, note: o.note });

/**
 * Texts (issue 20; docs/decisions/030-texts.md): every text sent and received with its
 * delivery status, the numbers that opted out and how, and an opt-out staff record for someone
 * who asked by phone, mail or in person (undone only if staff made it).
 */
const textRoutes: FastifyPluginAsyncZod = async (app) => {
  registerTexts(app);
  registerOptOuts(app);
};

const view = { access: { staff: ['texts.view' as const] } };
const manage = { access: { staff: ['texts.view' as const, 'texts.manage' as const] } };

/** The text settings and the texts sent. */
function registerTexts(app: ZodApp) {
  app.get(
    '/texts/settings',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'Whether texts go through Twilio, and the webhook addresses to give Twilio',
        response: { 200: ZTextSettingsSchema, ...ERRORS },
      },
    },
    async () => {
      const twilio = app.config.twilio;
      const origin = app.config.publicUrl.origin;
      return {
        provider: twilio ? ('twilio' as const) : ('file' as const),
        from: twilio?.from ?? null,
        webhooks: twilio
          ? {
              messages: `${origin}${TWILIO_PATHS.messages}`,
              status: `${origin}${TWILIO_PATHS.status}`,
            }
          : null,
      };
    },
  );

  app.get(
    '/texts',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary:
          'Texts sent and received, newest first, by direction and state, searched by number or words',
        querystring: ZTextsQuerySchema,
        response: { 200: ZTextsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.textRecords.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toRow), nextCursor: result.nextCursor };
    },
  );
}

/** Opt-outs: list, add, remove. */
function registerOptOuts(app: ZodApp) {
  app.get(
    '/texts/opt-outs',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'Numbers we never text, newest first, with when and how they opted out',
        querystring: ZOptOutsQuerySchema,
        response: { 200: ZOptOutsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.textRecords.optOutsPage(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toOptOutRow), nextCursor: result.nextCursor };
    },
  );

  app.post(
    '/texts/opt-outs',
    {
      config: { ...manage, audit: { action: 'text.opt_out' } },
      schema: {
        tags: ['admin'],
        summary: 'Stop all texts to a number whose owner asked by phone, mail or in person',
        body: ZOptOutCreateSchema,
        response: { 201: ZOptOutRowSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { phone, note } = request.body;
      const outcome = await app.texts.recordOptOut(request.user.userId, phone, note);
      if (!outcome.ok) return refused(reply, outcome);
      const row = outcome.value;
      request.audit({ recordType: 'text_opt_out', recordId: phone, after: auditView(row) });
      const staff = await app.currentUser.get(request.user.userId);
      return reply.code(201).send(
        toOptOutRow({
          ...row,
          staffHash: staff?.hash ?? null,
          staffEmail: staff?.email ?? null,
        }),
      );
    },
  );

  app.delete(
    '/texts/opt-outs/:id',
    {
      config: { ...manage, audit: { action: 'text.opt_out_removed' } },
      schema: {
        tags: ['admin'],
        summary:
          'Undo an opt-out staff recorded by mistake (a texted STOP is undone only by START)',
        params: ZOptOutParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.texts.removeOptOut(request.params.id);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'text_opt_out',
        recordId: outcome.value.phone,
        before: auditView(outcome.value),
      });
      return reply.code(204).send(null);
    },
  );
}

export default textRoutes;
