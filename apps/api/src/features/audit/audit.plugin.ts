import { type Commit, inUnitOfWork, type NewAuditEntry } from '@lantern/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRecord } from '../auth/sessions.ts';
import type { AuditChange } from './audit-change.ts';
import {
  type AuditEntryBase,
  type AuditLogRepository,
  createAuditLogRepository,
} from './audit-log.repository.ts';
import { redact, redactUrl } from './redact.ts';

export type { AuditChange };

declare module 'fastify' {
  interface FastifyInstance {
    auditLog: AuditLogRepository;
    /**
     * The actor and request part of an entry about `userId`, for a change a repository records
     * in its own transaction (one made on someone's behalf while they sign in, say).
     */
    auditEntryBase(request: FastifyRequest, userId: number): Promise<AuditEntryBase>;
    /**
     * Routes that answered a change before its activity row was written (a route marked
     * `audit.outside` that never called `request.commit`): each is a defect, logged as an
     * error; the test app fails on any (decision 068).
     */
    auditLateRoutes: Set<string>;
  }
  interface FastifyRequest {
    /** Describe a change this request made; without a call the request body is logged. */
    audit(change: AuditChange): void;
    /**
     * For a change whose entry is written in its own transaction: who is acting, read now (it
     * may query, so before the transaction opens), and the builder the repository calls inside
     * it. Once the builder has run, the onSend hook writes nothing more for this request.
     */
    prepareAudit(status?: number): Promise<(change: AuditChange) => NewAuditEntry>;
    /**
     * The actor and request part of this request's entry, for a service that writes the entry
     * itself, with its change: the request then writes none of its own.
     */
    serviceAuditBase(userId: number): Promise<AuditEntryBase>;
    /**
     * Runs `work` in one unit of work (one transaction) that ends by writing this request's
     * activity-log entries: the change and its record commit together or not at all. Every
     * changing route runs in one already; a route that calls an outside service (config
     * `audit.outside`) calls this itself after the call.
     */
    inUnitOfWork<T>(work: () => Promise<T>, status?: () => number): Promise<T>;
    /**
     * For a route marked `audit.outside`: runs the database phase that follows its outside call
     * in a unit of work ending with this request's activity row (describe the change with
     * `request.audit` inside it). Services take it as their `Commit`.
     */
    commit: Commit;
    auditChanges: AuditChange[] | null;
    auditWritten: boolean;
    auditSession: SessionRecord | null;
  }
  interface FastifyContextConfig {
    /**
     * `false` for a route that changes no data (the entry would be noise); `action` names the
     * entry; `reads` logs a GET too (a bulk export); `outside` marks a route that calls an
     * outside service, so is not wrapped in a unit of work: it opens one after the call.
     */
    audit?: false | { action?: string; reads?: boolean; outside?: boolean };
  }
}

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DAY_MS = 24 * 60 * 60_000;

/**
 * The activity log (issue 15; docs/decisions/018-audit-log.md): every request that changes data
 * and succeeds leaves an entry — who (staff, vendor, customer or visitor), when, IP, URL,
 * action, record, before and after, with secrets redacted. It is written in the change's own
 * transaction (the request's unit of work, decision 068), so there is no change without it.
 */
export default fp(
  async (app) => {
    const repo = createAuditLogRepository(app.db);
    app.decorate('auditLog', repo);
    app.decorate('auditLateRoutes', new Set<string>());
    const entries = entryBuilders(app);
    app.decorate('auditEntryBase', (request: FastifyRequest, userId: number) =>
      entries.baseFor(request, userId, 200),
    );
    decorateRequests(app, repo, entries);
    wrapChangingRoutes(app);
    addRequestHooks(app, repo, entries);
    // Entries older than the retention go once a day.
    app.jobs.define('audit.retention', {
      handler: async (_payload, { log }) => {
        const removed = await repo.removeExpired();
        if (removed) log.info({ removed }, 'activity log entries past retention removed');
      },
      describe: () => 'Remove activity log entries older than two years',
    });
    app.jobs.schedule('audit.retention', DAY_MS);
  },
  // After idempotency: a replayed answer is sent before this plugin's preHandler and onSend.
  { name: 'audit', dependencies: ['services', 'auth', 'access', 'jobs', 'idempotency'] },
);

type EntryBuilders = ReturnType<typeof entryBuilders>;

/** Who acted (read through the session and access services) and the entries of a request. */
function entryBuilders(app: FastifyInstance) {
  async function baseFor(
    request: FastifyRequest,
    userId: number | undefined,
    status: number,
  ): Promise<AuditEntryBase> {
    const summary = userId === undefined ? undefined : await app.currentUser.get(userId);
    const access = userId === undefined ? null : await app.access.forUser(userId);
    return {
      actorKind: access?.staff
        ? 'staff'
        : access?.vendorKinds.length
          ? 'vendor'
          : summary
            ? 'customer'
            : 'visitor',
      actorId: summary?.id ?? null,
      actorHash: summary?.hash ?? null,
      actorEmail: summary?.email ?? null,
      actorRole: access?.staff?.key ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      method: request.method,
      url: redactUrl(request.url, request.routeOptions.url).slice(0, 2000),
      status,
    };
  }

  async function entriesFor(request: FastifyRequest, status: number): Promise<NewAuditEntry[]> {
    const session = request.auditSession ?? (await request.session());
    const base = await baseFor(request, session?.userId, status);
    const action = actionOf(request);
    if (request.auditChanges?.length) {
      return request.auditChanges.map((c) => entryOf(base, action, c));
    }
    const record = recordOf(request);
    return [
      {
        ...base,
        action,
        recordType: record?.type ?? null,
        recordId: record?.id ?? null,
        before: null,
        after: request.body === undefined ? null : redact(request.body),
      },
    ];
  }
  return { baseFor, entriesFor };
}

/** The request's audit methods: describe a change, prepare an entry, run in a unit of work. */
function decorateRequests(app: FastifyInstance, repo: AuditLogRepository, e: EntryBuilders) {
  app.decorateRequest('auditChanges', null);
  app.decorateRequest('auditSession', null);
  app.decorateRequest('auditWritten', false);
  app.decorateRequest('commit', null as unknown as Commit);
  app.decorateRequest('audit', function (this: FastifyRequest, change: AuditChange) {
    this.auditChanges ??= [];
    this.auditChanges.push(change);
  });
  app.decorateRequest('prepareAudit', async function (this: FastifyRequest, status = 200) {
    const session = this.auditSession ?? (await this.session());
    const base = await e.baseFor(this, session?.userId, status);
    const action = actionOf(this);
    return (change: AuditChange): NewAuditEntry => {
      this.auditWritten = true;
      return entryOf(base, action, change);
    };
  });
  app.decorateRequest('serviceAuditBase', async function (this: FastifyRequest, userId: number) {
    const base = await e.baseFor(this, userId, 200);
    this.auditWritten = true;
    return base;
  });
  app.decorateRequest('inUnitOfWork', function <
    T,
  >(this: FastifyRequest, work: () => Promise<T>, status = () => 200) {
    return inUnitOfWork(
      app.db,
      async () => {
        const result = await work();
        const code = status();
        if (code < 400 && !this.auditWritten && logged(this)) {
          await repo.insert(await e.entriesFor(this, code));
          this.auditWritten = true;
        }
        return result;
      },
      { onAfterCommitError: (err) => this.log.error({ err }, 'after-commit work failed') },
    );
  });
}

/**
 * Every route that changes data runs in a unit of work with its activity-log entries, and its
 * answer goes out only once that has committed.
 */
function wrapChangingRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const audit = route.config?.audit;
    if (!methods.some((m) => CHANGING.has(m)) || audit === false || audit?.outside) return;
    const handler = route.handler;
    route.handler = async function (this: unknown, request, reply) {
      const hold = holdAnswer(reply);
      let result: unknown;
      try {
        result = await request.inUnitOfWork(
          async () => handler.call(this as never, request, reply),
          () => reply.statusCode,
        );
      } finally {
        hold.release();
      }
      if (!hold.held) return result;
      reply.send(hold.held.payload);
      return reply;
    };
  });
}

function addRequestHooks(app: FastifyInstance, repo: AuditLogRepository, e: EntryBuilders) {
  // Who was signed in before the handler ran: a sign-out ends the session it is about.
  app.addHook('preHandler', async (request, reply) => {
    if (!CHANGING.has(request.method)) return;
    request.auditSession = await request.session();
    request.commit = (work) => request.inUnitOfWork(work, () => reply.statusCode);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!logged(request) || reply.statusCode >= 400 || request.auditWritten) return payload;
    // A read that is logged (a secret shown, a bulk export) changes nothing: its entry
    // follows it. A change gets here only from a route marked `outside` that succeeded
    // without calling `request.commit`: a defect. Its change is committed, so the entry is
    // still written late, and a failure is logged rather than answered.
    if (CHANGING.has(request.method)) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      app.auditLateRoutes.add(route);
      request.log.error({ route }, 'a change answered before its activity row was written');
    }
    try {
      await repo.insert(await e.entriesFor(request, reply.statusCode));
    } catch (err) {
      request.log.error({ err }, 'activity log entry could not be written');
    }
    return payload;
  });
}

/**
 * Holds what a handler sends until its unit of work has committed. A reply is thenable (it
 * settles when the answer is written), so while held it is not, or the handler's own promise
 * would wait for an answer that waits for it.
 */
function holdAnswer(reply: FastifyReply) {
  let held: { payload: unknown } | null = null;
  const own = (key: string, value: unknown) =>
    Object.defineProperty(reply, key, { configurable: true, writable: true, value });
  own('send', (payload?: unknown) => {
    held = { payload };
    return reply;
  });
  own('then', undefined);
  return {
    get held(): { payload: unknown } | null {
      return held;
    },
    release() {
      delete (reply as unknown as Record<string, unknown>).send;
      delete (reply as unknown as Record<string, unknown>).then;
    },
  };
}

/** Whether a request leaves an activity-log entry when it succeeds. */
function logged(request: FastifyRequest): boolean {
  const audit = request.routeOptions.config?.audit;
  return audit === false ? false : CHANGING.has(request.method) || !!audit?.reads;
}

/** The record a generic entry is about: a `:hash` in the path, or a `property` in body or query. */
function recordOf(request: FastifyRequest): { type: string; id: string } | null {
  const params = request.params as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const property = body?.property ?? query?.property;
  if (typeof property === 'string' && property) return { type: 'property', id: property };
  if (typeof params?.hash === 'string') {
    const segment = (request.routeOptions.url ?? '').split('/').filter(Boolean).at(-2) ?? 'record';
    return { type: segment, id: params.hash };
  }
  return null;
}

type AuditBase = Omit<NewAuditEntry, 'action' | 'recordType' | 'recordId' | 'before' | 'after'>;

/** The entry's action: the route's configured name, else its method and path. */
function actionOf(request: FastifyRequest): string {
  const configured = request.routeOptions.config?.audit;
  return (
    (configured ? configured.action : undefined) ||
    `${request.method} ${request.routeOptions.url ?? request.url}`
  );
}

/** One described change as an entry, before and after redacted. */
function entryOf(base: AuditBase, action: string, c: AuditChange): NewAuditEntry {
  return {
    ...base,
    action: c.action ?? action,
    recordType: c.recordType,
    recordId: c.recordId,
    before: c.before === undefined ? null : redact(c.before),
    after: c.after === undefined ? null : redact(c.after),
  };
}
