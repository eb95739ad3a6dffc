import { createHmac, timingSafeEqual } from 'node:crypto';

/** Form parameters as received: a name sent twice keeps both values. */
export type FormParams = Record<string, string | string[]>;

/** A form body (application/x-www-form-urlencoded) as FormParams. */
export function parseForm(body: string): FormParams {
  const params: FormParams = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = params[key];
    if (seen === undefined) params[key] = value;
    else params[key] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

/**
 * X-Twilio-Signature as Twilio computes it (docs: "Secure your webhooks"): the full URL Twilio
 * called, query string included, then every POST parameter sorted by name, each name followed by
 * its value with no separators (a repeated name: its values sorted); HMAC-SHA1 keyed by the
 * account's auth token, base64.
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    const values = Array.isArray(value) ? [...new Set(value)].sort() : [value ?? ''];
    for (const v of values) data += key + v;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * The URL with its default port written out and without it: Twilio has signed both forms over
 * time, so its own libraries accept either.
 */
function urlForms(url: string): string[] {
  const parsed = new URL(url);
  const withoutPort = new URL(url);
  withoutPort.port = '';
  const forms = new Set([url, withoutPort.toString()]);
  if (!parsed.port) {
    const port = parsed.protocol === 'https:' ? '443' : '80';
    forms.add(`${parsed.protocol}//${parsed.host}:${port}${parsed.pathname}${parsed.search}`);
  }
  return [...forms];
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `signature` is Twilio's for this URL and these parameters; a missing one never is. */
export function verifyTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: FormParams,
): boolean {
  if (!signature) return false;
  return urlForms(url).some((form) => same(twilioSignature(authToken, form, params), signature));
}
