/**
 * One Idempotency-Key per user action (issue 40; docs/decisions/067-idempotency-keys.md), for
 * every front end's POSTs. Zod-free: content-page islands import it without the schemas.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** A fresh key; getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether an answer leaves the action open, so trying again keeps its key: no answer (0), a 5xx
 * or a 409 (the first attempt still running). The server then answers the retry with the first
 * result instead of doing the work twice.
 */
export const keepsActionKey = (status: number) => status === 0 || status >= 500 || status === 409;

export type ActionOutcome<T> = { value: T } | { error: unknown };

/**
 * The keys of the actions in progress. An action is a POST's path and body: the same action sent
 * again while the first is on its way (a double click) joins the first; after an outcome that
 * `keepsKey` says is open, the next attempt reuses the key; any other outcome ends the action, and
 * the next identical POST is a new action with a new key.
 */
export function createActionKeys() {
  const keys = new Map<string, string>();
  const running = new Map<string, Promise<unknown>>();
  return {
    run<T>(
      action: string,
      send: (key: string) => Promise<T>,
      keepsKey: (outcome: ActionOutcome<T>) => boolean,
    ): Promise<T> {
      const joined = running.get(action);
      if (joined) return joined as Promise<T>;
      const key = keys.get(action) ?? newIdempotencyKey();
      keys.set(action, key);
      const sent = send(key).then(
        (value) => {
          if (!keepsKey({ value })) keys.delete(action);
          return value;
        },
        (error: unknown) => {
          if (!keepsKey({ error })) keys.delete(action);
          throw error;
        },
      );
      const tracked = sent.finally(() => running.delete(action));
      running.set(action, tracked);
      return tracked;
    },
  };
}

/** The action a POST is: where it goes and what it says. */
export const actionOf = (path: string, body: unknown) =>
  `${path}\n${body === undefined ? '' : JSON.stringify(body)}`;
