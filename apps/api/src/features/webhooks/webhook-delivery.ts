import { WEBHOOK_SIGNATURE_HEADER } from '@lantern/contracts';
import type { WebhookEndpoint } from '@lantern/db';
import { PATHS } from '@lantern/domain';
import { jobError } from '../jobs/runner.ts';
import { webhookDisabled } from '../mail/templates.ts';
import { type PostOutcome, postWebhook } from './http-post.ts';
import { signWebhook } from './signature.ts';
import type { WebhookServiceDeps } from './webhook-types.ts';
import { outcomeWords } from './webhook-views.ts';
import type { WebhookRepository } from './webhooks.repository.ts';

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

type Delivery = NonNullable<Awaited<ReturnType<WebhookRepository['deliveryById']>>>;

/** Turn the endpoint off for failing 3 days (once) and mail its owner. */
async function disableForFailing(
  deps: WebhookServiceDeps,
  endpoint: WebhookEndpoint,
  last: PostOutcome,
) {
  const { repo } = deps;
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
      pageUrl: `${deps.brand.publicUrl}${PATHS.accountSettings}#webhooks`,
    });
    await deps.outbox.enqueue({ to: owner.email, ...mail });
  }
  return true;
}

/**
 * The secrets a delivery is signed with now: the current one, and a rotated one until its 24
 * hours end (issue 48). None when the current one cannot be read (sealed under another
 * SESSION_SECRET): the attempt then fails.
 */
function signingSecrets(deps: WebhookServiceDeps, endpoint: WebhookEndpoint): string[] {
  const open = (sealed: string) => {
    try {
      return deps.secrets.open(sealed);
    } catch {
      return null;
    }
  };
  const current = open(endpoint.secretEncrypted);
  if (current === null) return [];
  const { previousSecretEncrypted: sealed, previousSecretExpiresAt: until } = endpoint;
  const previous = sealed && until && until > new Date() ? open(sealed) : null;
  return previous === null ? [current] : [current, previous];
}

/** One signed POST of the delivery, or the failed attempt of a secret that cannot be read. */
async function postDelivery(
  deps: WebhookServiceDeps,
  post: typeof postWebhook,
  endpoint: WebhookEndpoint,
  delivery: Delivery,
): Promise<PostOutcome> {
  const secrets = signingSecrets(deps, endpoint);
  const timestamp = Math.floor(Date.now() / 1000);
  if (secrets.length === 0)
    return {
      statusCode: null,
      responseBody: '',
      error: 'The signing secret can no longer be read; delete the endpoint and add it again.',
      durationMs: 0,
    };
  return post(
    endpoint.url,
    delivery.body,
    {
      'Content-Type': 'application/json',
      'User-Agent': `${deps.brand.siteName}-Webhooks/1`,
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secrets, delivery.body, timestamp),
      'Lantern-Event-Id': delivery.eventId,
      'Lantern-Event-Type': delivery.eventType,
      'Lantern-Delivery': delivery.hash,
    },
    { timeoutMs: deps.timeoutMs ?? TIMEOUT_MS, allowPrivate: deps.allowPrivate },
  );
}

/** The `webhook.deliver` job: one signed POST; a failure throws for the runner to retry. */
async function deliver(deps: WebhookServiceDeps, post: typeof postWebhook, payload: unknown) {
  const { repo } = deps;
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
  const outcome = await postDelivery(deps, post, endpoint, delivery);
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
  const turnedOff = await disableForFailing(deps, { ...endpoint, failingSince }, outcome);
  await repo.recordAttempt(
    delivery.id,
    { durationMs, statusCode, responseBody, error },
    turnedOff ? 'failed' : 'pending',
  );
  if (turnedOff)
    throw jobError(`endpoint turned off: ${outcomeWords(outcome)}`, { permanent: true });
  throw new Error(`webhook answered ${outcomeWords(outcome)}`);
}

/** Register the `webhook.deliver` job; its last failed try gives the delivery up. */
export function defineDeliveryJob(deps: WebhookServiceDeps) {
  const post = deps.post ?? postWebhook;
  deps.jobs.define(WEBHOOK_JOB, {
    handler: async (payload, { job }) => {
      try {
        await deliver(deps, post, payload);
      } catch (err) {
        // The last try: the delivery is given up on.
        if (job.attempts + 1 >= job.maxAttempts) {
          const id = (payload as { deliveryId?: number }).deliveryId;
          if (typeof id === 'number') await deps.repo.setDeliveryStatus(id, 'failed');
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
}

/** Queue the job for a delivery and note it on the delivery. */
export async function enqueueDelivery(
  deps: WebhookServiceDeps,
  deliveryId: number,
  resend = false,
) {
  const job = await deps.jobs.enqueue(WEBHOOK_JOB, { deliveryId });
  if (job) await deps.repo.setDeliveryJob(deliveryId, job.id, resend);
}
