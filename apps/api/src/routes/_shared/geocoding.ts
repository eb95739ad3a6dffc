import type { GeocodeOutcome } from '@lantern/address';
import { GEOCODE_MESSAGES, type TGeocodeResponse } from '@lantern/contracts';
import type { FastifyReply } from 'fastify';

/**
 * Route helpers of the geocoding proxy (/api/geocode, /api/places): the add-property form's
 * lookups. US only, cached (features/properties/geocoder.plugin.ts), for signed-in users, throttled per session
 * because every call may cost money at a provider; provider failures never reach the client as
 * errors.
 */

/**
 * The answers come from our own geocoder, already in the contract's shape: write them with plain
 * JSON.stringify instead of re-checking each one against the zod schema (which stays on the
 * route for validation of the query and for the OpenAPI document). The hot path of the
 * benchmark in bench/geocode.ts.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * A geocode answer as JSON text. The geocoder's cache hands back the same outcome object for a
 * repeated question, so its text is kept beside it (a WeakMap: it goes when the outcome does).
 */
const answers = new WeakMap<GeocodeOutcome, string>();
export function answerJson(outcome: GeocodeOutcome): string {
  let json = answers.get(outcome);
  if (json === undefined) {
    const answer: TGeocodeResponse = outcome.ok
      ? { ok: true, result: outcome.result }
      : { ok: false, reason: outcome.reason, message: GEOCODE_MESSAGES.failed };
    json = JSON.stringify(answer);
    answers.set(outcome, json);
  }
  return json;
}

/** Aborted when the client goes away, so a slow provider is not waited on for nobody. */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
