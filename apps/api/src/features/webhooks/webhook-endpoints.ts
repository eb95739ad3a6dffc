import {
  MESSAGES,
  type TWebhookEndpoint,
  type TWebhookEventType,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  WEBHOOK_TEXTS,
} from '@lantern/contracts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { urlProblem } from './address-guard.ts';
import { newSigningSecret } from './secret-box.ts';
import type { WebhookServiceDeps } from './webhook-types.ts';
import { endpointView } from './webhook-views.ts';
import type { WebhookRepository } from './webhooks.repository.ts';

const HOUR_MS = 60 * 60_000;

function canOpen(deps: WebhookServiceDeps, sealed: string): boolean {
  try {
    deps.secrets.open(sealed);
    return true;
  } catch {
    return false;
  }
}

/** Whether the user may have endpoints that hear of every property (`webhooks.all`). */
export async function canReceiveAll(deps: WebhookServiceDeps, userId: number): Promise<boolean> {
  return deps.access.can(await deps.access.forUser(userId), 'webhooks.all');
}

export function checkUrl(deps: WebhookServiceDeps, url: string): Outcome<never> | null {
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

/** An owner lists, adds and opens their endpoints. */
export function webhookEndpoints(deps: WebhookServiceDeps) {
  const { repo } = deps;
  return {
    async list(userId: number) {
      const [endpoints, all] = await Promise.all([
        repo.listOwned(userId),
        canReceiveAll(deps, userId),
      ]);
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
      const bad = checkUrl(deps, input.url);
      if (bad) return bad;
      if (input.scope === 'all' && !(await canReceiveAll(deps, userId))) {
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
  };
}

/** An owner changes, removes an endpoint, or reads its signing secret. */
export function webhookEndpointChanges(deps: WebhookServiceDeps) {
  const { repo } = deps;
  return {
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

    /**
     * A new signing secret (issue 48). The current one becomes the previous one and keeps
     * signing beside it for 24 hours, so receivers can switch without missing a delivery; a
     * previous one still in its window is dropped (two rotations leave the last two secrets).
     */
    async rotateSecret(
      userId: number,
      hash: string,
    ): Promise<Outcome<{ before: TWebhookEndpoint; endpoint: TWebhookEndpoint; secret: string }>> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      // A secret that can no longer be read signs nothing: there is nothing to keep.
      const readable = canOpen(deps, row.secretEncrypted);
      const secret = newSigningSecret();
      const after = await repo.rotateSecret(row.id, row.secretEncrypted, {
        secretEncrypted: deps.secrets.seal(secret),
        previousSecretEncrypted: readable ? row.secretEncrypted : null,
        previousSecretExpiresAt: readable
          ? new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_HOURS * HOUR_MS)
          : null,
      });
      if (!after) return refuse(409, WEBHOOK_TEXTS.rotating);
      return ok({ before: endpointView(row), endpoint: endpointView(after), secret });
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
  };
}
