import { randomBytes } from 'node:crypto';
import {
  MESSAGES,
  PATHS,
  streetAddressUnit,
  type TPage,
  type TWebhookDeliveriesQuery,
  type TWebhookDeliveryDetail,
  type TWebhookDeliveryRow,
  type TWebhookEndpoint,
  type TWebhookEventData,
  type TWebhookEventType,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_VERSION,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEXTS,
} from '@lantern/contracts';
import type { WebhookEndpoint } from '@lantern/db';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookRepository } from '../../repositories/webhooks.ts';
import type { AccessService } from '../access/access.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { jobError } from '../jobs/runner.ts';
import type { Outbox } from '../mail/outbox.ts';
import { type BrandData, webhookDisabled } from '../mail/templates.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { urlProblem } from './address-guard.ts';
import { type PostOutcome, postWebhook } from './http-post.ts';
import { newSigningSecret, type SecretBox } from './secret-box.ts';
import { signWebhook } from './signature.ts';

export const WEBHOOK_JOB = 'webhook.deliver';
/** An endpoint whose deliveries all failed for this long is turned off and its owner told. */
export const DISABLE_AFTER_SECONDS = 3 * 24 * 60 * 60;
/**
 * Retries: 1 min doubling to 6 hours; 21 tries span about 74 hours, so a delivery is still being
 * tried when its endpoint has failed for 3 days.
 */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 6 * 60 * 60_000;
export const MAX_ATTEMPTS = 21;
export const TIMEOUT_MS = 10_000;

export interface WebhookServiceDeps {
  repo: WebhookRepository;
  jobs: Pick<JobRunner, 'define' | 'enqueue'>;
  access: Pick<AccessService, 'forUser' | 'can'>;
  currentUser: { get(userId: number): Promise<{ email: string } | null | undefined> };
  outbox: Pick<Outbox, 'enqueue'>;
  brand: BrandData;
  secrets: SecretBox;
  /** http:// and private or local addresses allowed (outside production, or by setting). */
  allowPrivate: boolean;
  timeZone: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tests point this at their own clock-free sender. */
  post?: typeof postWebhook;
  timeoutMs?: number;
}

/** The property the event is about: who may hear of it follows from it. */
export type EmitSubject = { propertyId: number } | { propertyHash: string };

/** What a service that emits needs of this one. */
export type WebhookEmitter = Pick<WebhookService, 'emit'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function endpointView(e: WebhookEndpoint): TWebhookEndpoint {
  return {
    hash: e.hash,
    url: e.url,
    description: e.description,
    events: e.events as TWebhookEndpoint['events'],
    scope: e.scope as TWebhookEndpoint['scope'],
    enabled: e.enabled,
    disabledReason: (e.disabledReason as TWebhookEndpoint['disabledReason']) ?? null,
    disabledAt: iso(e.disabledAt),
    failingSince: iso(e.failingSince),
    createdAt: e.createdAt.toISOString(),
  };
}

type DeliveryRow = Awaited<ReturnType<WebhookRepository['deliveries']>>['rows'][number];

function deliveryView(r: Omit<DeliveryRow, 'sortKey' | 'keyId'>): TWebhookDeliveryRow {
  return {
    hash: r.delivery.hash,
    eventId: r.delivery.eventId,
    eventType: r.delivery.eventType as TWebhookDeliveryRow['eventType'],
    status: r.delivery.status as TWebhookDeliveryRow['status'],
    attempts: r.delivery.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.delivery.createdAt.toISOString(),
    lastAttemptAt: iso(r.delivery.lastAttemptAt),
    nextAttemptAt: r.delivery.status === 'pending' ? iso(r.nextAttemptAt) : null,
  };
}

/** The answer in a few words, for the mail and logs. */
function outcomeWords(o: PostOutcome): string {
  return o.statusCode === null ? (o.error ?? 'no answer') : `HTTP ${o.statusCode}`;
}

/**
 * Outbound webhooks (issue 25; docs/decisions/053-outbound-webhooks.md). Owners register
 * endpoints; `emit` turns a domain event into one delivery per endpoint that may hear of the
 * property, each a `webhook.deliver` job retried with backoff; an endpoint failing for 3 days is
 * turned off and its owner mailed.
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const { repo } = deps;
  const post = deps.post ?? postWebhook;
  const pageUrl = `${deps.brand.publicUrl}${PATHS.accountSettings}#webhooks`;

  async function canReceiveAll(userId: number): Promise<boolean> {
    return deps.access.can(await deps.access.forUser(userId), 'webhooks.all');
  }

  function checkUrl(url: string): Outcome<never> | null {
    const problem = urlProblem(url, deps.allowPrivate);
    if (!problem) return null;
    const message = {
      https: WEBHOOK_TEXTS.urlHttps,
      scheme: WEBHOOK_TEXTS.urlScheme,
      port: WEBHOOK_TEXTS.urlPort,
      private: WEBHOOK_TEXTS.urlPrivate,
      credentials: WEBHOOK_TEXTS.urlCredentials,
      invalid: WEBHOOK_TEXTS.url,
    }[problem];
    return refuse(422, message, { url: [message] });
  }

  async function enqueueDelivery(deliveryId: number, resend = false) {
    const job = await deps.jobs.enqueue(WEBHOOK_JOB, { deliveryId });
    if (job) await repo.setDeliveryJob(deliveryId, job.id, resend);
  }

  /** Turn the endpoint off for failing 3 days (once) and mail its owner. */
  async function disableForFailing(endpoint: WebhookEndpoint, last: PostOutcome) {
    if (!(await repo.disableIfFailingSince(endpoint.id, DISABLE_AFTER_SECONDS))) return false;
    await repo.failPending(endpoint.id);
    deps.log.warn({ endpoint: endpoint.hash }, 'webhook endpoint turned off after 3 days failing');
    const owner = await deps.currentUser.get(endpoint.userId);
    if (owner) {
      const since = endpoint.failingSince ?? new Date();
      const mail = webhookDisabled(deps.brand, {
        url: endpoint.url,
        failingSince: new Intl.DateTimeFormat('en-US', {
          dateStyle: 'full',
          timeStyle: 'short',
          timeZone: deps.timeZone,
        }).format(since),
        lastError: outcomeWords(last),
        pageUrl,
      });
      await deps.outbox.enqueue({ to: owner.email, ...mail });
    }
    return true;
  }

  /** The `webhook.deliver` job: one signed POST; a failure throws for the runner to retry. */
  async function deliver(payload: unknown) {
    const deliveryId = (payload as { deliveryId?: unknown })?.deliveryId;
    if (typeof deliveryId !== 'number')
      throw jobError('webhook job without a delivery', { permanent: true });
    const delivery = await repo.deliveryById(deliveryId);
    // Deleted with its endpoint, or already answered (a job run twice): nothing to do.
    if (!delivery || delivery.status === 'succeeded') return;
    const endpoint = await repo.byId(delivery.endpointId);
    if (!endpoint) return;
    if (!endpoint.enabled) {
      await repo.setDeliveryStatus(delivery.id, 'failed');
      return;
    }
    let secret: string | null = null;
    try {
      secret = deps.secrets.open(endpoint.secretEncrypted);
    } catch {
      // Sealed under another SESSION_SECRET: it cannot sign, and counts as a failed attempt.
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome: PostOutcome =
      secret === null
        ? {
            statusCode: null,
            responseBody: '',
            error:
              'The signing secret can no longer be read; delete the endpoint and add it again.',
            durationMs: 0,
          }
        : await post(
            endpoint.url,
            delivery.body,
            {
              'Content-Type': 'application/json',
              'User-Agent': `${deps.brand.siteName}-Webhooks/1`,
              [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, delivery.body, timestamp),
              'Lantern-Event-Id': delivery.eventId,
              'Lantern-Event-Type': delivery.eventType,
              'Lantern-Delivery': delivery.hash,
            },
            { timeoutMs: deps.timeoutMs ?? TIMEOUT_MS, allowPrivate: deps.allowPrivate },
          );
    const succeeded =
      outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const { durationMs, statusCode, responseBody, error } = outcome;
    if (succeeded) {
      await repo.recordAttempt(
        delivery.id,
        { durationMs, statusCode, responseBody, error },
        'succeeded',
      );
      await repo.markAnswering(endpoint.id);
      return;
    }
    const failingSince = await repo.markFailing(endpoint.id);
    const turnedOff = await disableForFailing({ ...endpoint, failingSince }, outcome);
    await repo.recordAttempt(
      delivery.id,
      { durationMs, statusCode, responseBody, error },
      turnedOff ? 'failed' : 'pending',
    );
    if (turnedOff)
      throw jobError(`endpoint turned off: ${outcomeWords(outcome)}`, { permanent: true });
    throw new Error(`webhook answered ${outcomeWords(outcome)}`);
  }

  deps.jobs.define(WEBHOOK_JOB, {
    handler: async (payload, { job }) => {
      try {
        await deliver(payload);
      } catch (err) {
        // The last try: the delivery is given up on.
        if (job.attempts + 1 >= job.maxAttempts) {
          const id = (payload as { deliveryId?: number }).deliveryId;
          if (typeof id === 'number') await repo.setDeliveryStatus(id, 'failed');
        }
        throw err;
      }
    },
    maxAttempts: MAX_ATTEMPTS,
    retryBaseMs: RETRY_BASE_MS,
    retryMaxMs: RETRY_MAX_MS,
    describe: (payload) =>
      `Webhook delivery ${(payload as { deliveryId?: number })?.deliveryId ?? ''}`,
  });

  return {
    async list(userId: number) {
      const [endpoints, all] = await Promise.all([repo.listOwned(userId), canReceiveAll(userId)]);
      return { endpoints: endpoints.map(endpointView), canReceiveAll: all };
    },

    async create(
      userId: number,
      input: {
        url: string;
        description: string;
        events: TWebhookEventType[];
        scope: 'own' | 'all';
      },
    ): Promise<Outcome<{ endpoint: TWebhookEndpoint; secret: string }>> {
      const bad = checkUrl(input.url);
      if (bad) return bad;
      if (input.scope === 'all' && !(await canReceiveAll(userId))) {
        return refuse(403, WEBHOOK_TEXTS.scopeAll, { scope: [WEBHOOK_TEXTS.scopeAll] });
      }
      if ((await repo.countOwned(userId)) >= WEBHOOK_ENDPOINTS_MAX) {
        return refuse(409, WEBHOOK_TEXTS.tooMany);
      }
      const secret = newSigningSecret();
      const row = await repo.create({
        userId,
        url: new URL(input.url).toString(),
        description: input.description,
        events: [...new Set(input.events)],
        scope: input.scope,
        secretEncrypted: deps.secrets.seal(secret),
      });
      return ok({ endpoint: endpointView(row), secret });
    },

    async find(userId: number, hash: string) {
      const row = await repo.findOwned(userId, hash);
      return row ? endpointView(row) : null;
    },

    async update(
      userId: number,
      hash: string,
      change: {
        enabled?: boolean | undefined;
        events?: TWebhookEventType[] | undefined;
        description?: string | undefined;
      },
    ): Promise<Outcome<{ before: TWebhookEndpoint; after: TWebhookEndpoint }>> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      const set: Parameters<WebhookRepository['update']>[1] = {};
      if (change.events) set.events = [...new Set(change.events)];
      if (change.description !== undefined) set.description = change.description;
      if (change.enabled === true && !row.enabled) {
        // On again: its failures so far no longer count toward the 3 days.
        Object.assign(set, {
          enabled: true,
          disabledReason: null,
          disabledAt: null,
          failingSince: null,
        });
      } else if (change.enabled === false && row.enabled) {
        Object.assign(set, { enabled: false, disabledReason: 'owner', disabledAt: new Date() });
      }
      const after = Object.keys(set).length ? await repo.update(row.id, set) : row;
      if (change.enabled === false && row.enabled) await repo.failPending(row.id);
      return ok({ before: endpointView(row), after: endpointView(after ?? row) });
    },

    async remove(userId: number, hash: string): Promise<TWebhookEndpoint | null> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return null;
      await repo.remove(row.id);
      return endpointView(row);
    },

    /** The signing secret, for its owner only. */
    async secret(userId: number, hash: string): Promise<Outcome<string>> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      try {
        return ok(deps.secrets.open(row.secretEncrypted));
      } catch {
        return refuse(409, WEBHOOK_TEXTS.secretUnreadable);
      }
    },

    async deliveries(
      userId: number,
      hash: string,
      q: TWebhookDeliveriesQuery,
    ): Promise<TPage<TWebhookDeliveryRow> | null> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return null;
      const page = await repo.deliveries(row.id, q);
      return { rows: page.rows.map(deliveryView), nextCursor: page.nextCursor };
    },

    async delivery(
      userId: number,
      hash: string,
      deliveryHash: string,
    ): Promise<TWebhookDeliveryDetail | null> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return null;
      const found = await repo.delivery(row.id, deliveryHash);
      if (!found) return null;
      return {
        ...deliveryView(found),
        body: found.delivery.body,
        tries: found.tries.map((t) => ({
          at: t.at.toISOString(),
          statusCode: t.statusCode,
          responseBody: t.responseBody,
          error: t.error,
          durationMs: t.durationMs,
        })),
      };
    },

    /** Send a listed delivery again: the same event (id and body), a fresh signature. */
    async resend(
      userId: number,
      hash: string,
      deliveryHash: string,
    ): Promise<Outcome<TWebhookDeliveryRow>> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      const found = await repo.delivery(row.id, deliveryHash);
      if (!found) return refuse(404, MESSAGES.notFound);
      if (!row.enabled) return refuse(409, 'Turn the endpoint on before sending again.');
      const copy = await repo.createDelivery({
        endpointId: row.id,
        eventId: found.delivery.eventId,
        eventType: found.delivery.eventType,
        body: found.delivery.body,
      });
      await enqueueDelivery(copy.id);
      const fresh = await repo.delivery(row.id, copy.hash);
      if (!fresh) return refuse(404, MESSAGES.notFound);
      return ok(deliveryView(fresh));
    },

    /**
     * An event about a property happened: one delivery per endpoint that may hear of it. Call it
     * after the change committed. Never throws: a webhook problem must not undo the change.
     */
    async emit<T extends TWebhookEventType>(
      type: T,
      subject: EmitSubject,
      data: (property: { hash: string; address: string }) => TWebhookEventData<T>,
    ): Promise<number> {
      try {
        const propertyId =
          'propertyId' in subject
            ? subject.propertyId
            : (await repo.propertyByHash(subject.propertyHash))?.id;
        if (propertyId === undefined) return 0;
        const endpoints = await repo.subscribers(type, propertyId);
        if (endpoints.length === 0) return 0;
        const property = await repo.property(propertyId);
        if (!property) return 0;
        const allowedAll = new Map<number, boolean>();
        const address = `${streetAddressUnit(property.street, property.unit)}, ${property.city}, ${property.state} ${property.zip}`;
        const event = {
          id: `evt_${randomBytes(16).toString('hex')}`,
          type,
          version: WEBHOOK_EVENT_VERSION,
          created: Math.floor(Date.now() / 1000),
          data: data({ hash: property.hash, address }),
        };
        const body = JSON.stringify(event);
        let count = 0;
        for (const endpoint of endpoints) {
          if (endpoint.scope === 'all') {
            // `all` needs the permission now, not only when the endpoint was made; a participant
            // still hears of their own properties.
            let may = allowedAll.get(endpoint.userId);
            if (may === undefined) {
              may = await canReceiveAll(endpoint.userId);
              allowedAll.set(endpoint.userId, may);
            }
            if (!may && !(await repo.isParticipant(endpoint.userId, propertyId))) continue;
          }
          const delivery = await repo.createDelivery({
            endpointId: endpoint.id,
            eventId: event.id,
            eventType: type,
            body,
          });
          await enqueueDelivery(delivery.id);
          count++;
        }
        return count;
      } catch (err) {
        deps.log.error({ err, type }, 'webhook event could not be queued');
        return 0;
      }
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
