import {
  type TAdminUserRow,
  ZAdminUserDetailSchema,
  ZAdminUserHashParamsSchema,
  ZAdminUserRecordsSchema,
  ZAdminUsersPageSchema,
  ZAdminUsersQuerySchema,
  ZAssignmentHashParamsSchema,
  ZAssignmentSchema,
  ZCreateAssignmentRequestSchema,
  ZEndSessionsResponseSchema,
  ZErrorResponseSchema,
  ZSetUserLockRequestSchema,
  ZSetUserRoleRequestSchema,
  ZSetVendorKindsRequestSchema,
} from '@lantern/contracts';
import { VENDOR_KINDS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { toUserRow } from '../../../features/staff/people.ts';
import { csvFileName, csvStream } from '../../../lib/csv-stream.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const view = { access: { staff: ['users.view'] as const } };
const manage = { access: { staff: ['users.manage'] as const } };
const vendorsManage = { access: { staff: ['vendors.manage'] as const } };

/** User management (issue 15): find people, give them a staff role, vendor kinds and assignments. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app);
  registerRoles(app);
  registerAssignments(app);
  registerAccount(app);
  registerSignIn(app);
};

/** The export's columns, one row per account. */
const exportColumns: Array<{
  header: string;
  value: (r: TAdminUserRow) => string | number | null;
}> = [
  { header: 'Email', value: (r) => r.email },
  { header: 'Name', value: (r) => r.name },
  { header: 'Staff role', value: (r) => r.role?.name ?? null },
  {
    header: 'Vendor kinds',
    value: (r) => r.vendorKinds.map((k) => VENDOR_KINDS[k].label).join('; '),
  },
  { header: 'Properties', value: (r) => r.properties },
  { header: 'Joined', value: (r) => r.createdAt },
];

/** Every account: the page and its CSV. */
function registerList(app: ZodApp) {
  app.get(
    '/users',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'Every account, a keyset page at a time, with search and filters',
        querystring: ZAdminUsersQuerySchema,
        response: { 200: ZAdminUsersPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.adminUsers.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toUserRow), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/users/export.csv',
    {
      config: {
        access: { staff: ['users.view', 'data.export'] },
        audit: { action: 'users.export', reads: true },
      },
      schema: {
        tags: ['admin'],
        summary: 'The same list as CSV, streamed in batches of 1,000 rows',
        querystring: ZAdminUsersQuerySchema.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) => {
      const stream = csvStream({
        columns: exportColumns,
        fetchPage: async (cursor) => {
          const result = await app.adminUsers.page({ ...request.query, limit: 1000, cursor });
          return { rows: result.rows.map(toUserRow), nextCursor: result.nextCursor };
        },
        onError: (err) => request.log.error({ err }, 'user export failed'),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('users')}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}

/** One account, its staff role and vendor kinds. */
function registerRoles(app: ZodApp) {
  app.get(
    '/users/:hash',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'One account: its staff role, vendor kinds and assignments',
        params: ZAdminUserHashParamsSchema,
        response: { 200: ZAdminUserDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => (await app.people.detail(request.params.hash)) ?? notFound(reply),
  );

  app.put(
    '/users/:hash/role',
    {
      config: { access: { staff: ['roles.manage'] }, audit: { action: 'user.role' } },
      schema: {
        tags: ['admin'],
        summary: 'Give the person a staff role, or none',
        params: ZAdminUserHashParamsSchema,
        body: ZSetUserRoleRequestSchema,
        response: { 200: ZAdminUserDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.people.setRole(
        request.access,
        request.params.hash,
        request.body.role,
      );
      if (!outcome.ok) return refused(reply, outcome);
      const { before, after } = outcome.value;
      request.audit({
        recordType: 'user',
        recordId: request.params.hash,
        before: { role: before },
        after: { role: after },
      });
      return (await app.people.detail(request.params.hash)) ?? notFound(reply);
    },
  );

  app.put(
    '/users/:hash/vendor-kinds',
    {
      config: { ...vendorsManage, audit: { action: 'user.vendor-kinds' } },
      schema: {
        tags: ['admin'],
        summary: "Set the person's vendor kinds; assignments of a kind taken away end with it",
        params: ZAdminUserHashParamsSchema,
        body: ZSetVendorKindsRequestSchema,
        response: { 200: ZAdminUserDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.people.setVendorKinds(request.params.hash, request.body.kinds);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'user',
        recordId: request.params.hash,
        before: { vendorKinds: outcome.value.before },
        after: { vendorKinds: outcome.value.after },
      });
      return (await app.people.detail(request.params.hash)) ?? notFound(reply);
    },
  );
}

/** A vendor's assignments to properties. */
function registerAssignments(app: ZodApp) {
  app.post(
    '/users/:hash/assignments',
    {
      config: { ...vendorsManage, audit: { action: 'assignment.create' } },
      schema: {
        tags: ['admin'],
        summary: 'Assign the vendor to a property, or to one order of it',
        params: ZAdminUserHashParamsSchema,
        body: ZCreateAssignmentRequestSchema,
        response: { 201: ZAssignmentSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.people.assign(request.access, request.params.hash, request.body);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'assignment',
        recordId: outcome.value.hash,
        after: { user: request.params.hash, ...outcome.value },
      });
      return reply.code(201).send(outcome.value);
    },
  );

  app.delete(
    '/assignments/:hash',
    {
      config: { ...vendorsManage, audit: { action: 'assignment.delete' } },
      schema: {
        tags: ['admin'],
        summary: 'End an assignment',
        params: ZAssignmentHashParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.people.unassign(request.params.hash);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'assignment',
        recordId: request.params.hash,
        before: { user: outcome.value.userHash, ...outcome.value.before },
      });
      return reply.code(204).send(null);
    },
  );
}

/** The person's records and the account's lock. */
function registerAccount(app: ZodApp) {
  app.get(
    '/users/:hash/records',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary:
          "The person's properties, orders, invoices, messages and activity; each needs its own permission",
        params: ZAdminUserHashParamsSchema,
        response: { 200: ZAdminUserRecordsSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await app.people.records(request.params.hash, (p) => app.access.can(request.access, p))) ??
      notFound(reply),
  );

  app.put(
    '/users/:hash/lock',
    {
      config: { ...manage, audit: { action: 'user.lock' } },
      schema: {
        tags: ['admin'],
        summary: 'Lock the account (its sessions end; it cannot sign in) or unlock it',
        params: ZAdminUserHashParamsSchema,
        body: ZSetUserLockRequestSchema,
        response: { 200: ZAdminUserDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.people.setLocked(
        request.access,
        request.params.hash,
        request.body.locked,
      );
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'user',
        recordId: request.params.hash,
        before: { locked: outcome.value.before },
        after: { locked: outcome.value.after, sessionsEnded: outcome.value.ended },
      });
      return (await app.people.detail(request.params.hash)) ?? notFound(reply);
    },
  );
}

/** Signing the person out everywhere, and a fresh verification link. */
function registerSignIn(app: ZodApp) {
  app.delete(
    '/users/:hash/sessions',
    {
      config: { ...manage, audit: { action: 'user.sessions.end' } },
      schema: {
        tags: ['admin'],
        summary: 'Sign the person out everywhere; their open pages hear Logout',
        params: ZAdminUserHashParamsSchema,
        response: { 200: ZEndSessionsResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.people.endSessions(request.access, request.params.hash);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'user',
        recordId: request.params.hash,
        after: { sessionsEnded: outcome.value.ended },
      });
      return outcome.value;
    },
  );

  app.post(
    '/users/:hash/verification-email',
    {
      config: { ...manage, audit: { action: 'user.verification-email' } },
      schema: {
        tags: ['admin'],
        summary: "Mail a fresh verification link to the person's current address",
        params: ZAdminUserHashParamsSchema,
        response: { 204: z.null(), 429: ZErrorResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const found = await app.people.verificationTarget(request.params.hash);
      if (!found.ok) return refused(reply, found);
      // The same once-a-minute limit as the person's own "resend" (one limit per account).
      if (!(await app.throttle.take(reply, LIMITS.verificationResends, found.value.userId)))
        return reply;
      await app.emailVerification.send(found.value.userId);
      request.audit({
        recordType: 'user',
        recordId: request.params.hash,
        after: { verificationSentTo: found.value.email },
      });
      return reply.code(204).send(null);
    },
  );
}

export default userRoutes;
