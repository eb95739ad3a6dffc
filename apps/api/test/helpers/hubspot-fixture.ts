import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A local stand-in for HubSpot's CRM API (issue 20), answering with the responses recorded from
 * HubSpot's documentation in test/fixtures/hubspot (ids and properties filled in from what was
 * sent). It keeps the contacts and deals it was given, like HubSpot would, so tests read what
 * the product pushed. `reject` makes it refuse a contact's email with HubSpot's 400
 * INVALID_EMAIL answer; `answerNext` queues a recorded answer (a 429 with Retry-After, a 401)
 * for the next requests. The browser tests drive the same through `/__fixture/*`.
 */
export interface HubSpotFixture {
  url: string;
  token: string;
  requests: Array<{
    method: string;
    path: string;
    authorization: string | undefined;
    body: unknown;
  }>;
  contacts: Map<string, { email: string; properties: Record<string, string> }>;
  deals: Map<string, { properties: Record<string, string>; contactIds: string[] }>;
  /** Emails refused with HubSpot's validation error. */
  reject: Set<string>;
  answerNext(answer: FixtureAnswer): void;
  close(): Promise<void>;
}

export interface FixtureAnswer {
  status: number;
  file: string;
  headers?: Record<string, string>;
}

const dir = join(import.meta.dirname, '..', 'fixtures', 'hubspot');
export const hubspotFixture = (name: string) =>
  JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

export async function startHubSpotFixture(
  opts: { port?: number; token?: string } = {},
): Promise<HubSpotFixture> {
  const token = opts.token ?? 'pat-na1-00000000-0000-4000-8000-000000000000';
  const contacts: HubSpotFixture['contacts'] = new Map();
  const deals: HubSpotFixture['deals'] = new Map();
  const reject = new Set<string>();
  const queued: FixtureAnswer[] = [];
  const requests: HubSpotFixture['requests'] = [];
  let nextId = 700;
  const now = () => new Date().toISOString();

  const send = (res: ServerResponse, status: number, body: unknown, headers = {}) =>
    res
      .writeHead(status, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify(body));

  const invalidEmail = (email: string) => {
    const body = hubspotFixture('error-validation.json');
    return { ...body, message: String(body.message).replace('ann.lee@example', email) };
  };

  const contactObject = (file: string, id: string) => {
    const c = contacts.get(id);
    const body = hubspotFixture(file);
    return {
      ...body,
      id,
      properties: { ...(body.properties as object), ...c?.properties, hs_object_id: id },
      updatedAt: now(),
    };
  };
  const dealObject = (file: string, id: string) => {
    const body = hubspotFixture(file);
    return {
      ...body,
      id,
      properties: {
        ...(body.properties as object),
        ...deals.get(id)?.properties,
        hs_object_id: id,
      },
      updatedAt: now(),
    };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const body = await readJson(req);
    // The browser tests' controls: not part of HubSpot's API.
    if (path === '/__fixture/reject') {
      const email = String((body as { email?: unknown }).email ?? '');
      if (req.method === 'DELETE') reject.delete(email);
      else reject.add(email);
      return send(res, 204, {});
    }
    if (path === '/__fixture/state') {
      return send(res, 200, {
        contacts: Object.fromEntries(contacts),
        deals: Object.fromEntries(deals),
      });
    }
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      body,
    });
    const forced = queued.shift();
    if (forced) return send(res, forced.status, hubspotFixture(forced.file), forced.headers);
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(res, 401, hubspotFixture('error-authentication.json'));

    const props = ((body as { properties?: Record<string, string> }).properties ?? {}) as Record<
      string,
      string
    >;
    if (req.method === 'POST' && path === '/crm/v3/objects/contacts/batch/upsert') {
      const [input] = (
        body as { inputs: Array<{ id: string; properties: Record<string, string> }> }
      ).inputs;
      if (!input) return send(res, 400, invalidEmail(''));
      if (reject.has(input.id)) return send(res, 400, invalidEmail(input.id));
      let id = [...contacts].find(([, c]) => c.email === input.id)?.[0];
      const created = !id;
      id ??= String(nextId++);
      const before = contacts.get(id)?.properties ?? {};
      contacts.set(id, { email: input.id, properties: { ...before, ...input.properties } });
      const answer = hubspotFixture('contact-upserted.json');
      const [result] = answer.results as Array<Record<string, unknown>>;
      return send(res, 200, {
        ...answer,
        results: [{ ...result, ...contactObject('contact-updated.json', id), new: created }],
      });
    }
    const contact = /^\/crm\/v3\/objects\/contacts\/([^/]+)$/.exec(path);
    if (req.method === 'PATCH' && contact?.[1]) {
      const id = decodeURIComponent(contact[1]);
      const found = contacts.get(id);
      if (!found) return send(res, 404, hubspotFixture('error-not-found.json'));
      if (props.email && reject.has(props.email)) return send(res, 400, invalidEmail(props.email));
      contacts.set(id, {
        email: props.email ?? found.email,
        properties: { ...found.properties, ...props },
      });
      return send(res, 200, contactObject('contact-updated.json', id));
    }
    if (req.method === 'POST' && path === '/crm/v3/objects/deals') {
      const id = String(nextId++);
      const associations =
        (body as { associations?: Array<{ to: { id: string } }> }).associations ?? [];
      deals.set(id, { properties: props, contactIds: associations.map((a) => a.to.id) });
      return send(res, 201, dealObject('deal-created.json', id));
    }
    const deal = /^\/crm\/v3\/objects\/deals\/([^/]+)$/.exec(path);
    if (req.method === 'PATCH' && deal?.[1]) {
      const id = decodeURIComponent(deal[1]);
      const found = deals.get(id);
      if (!found) return send(res, 404, hubspotFixture('error-not-found.json'));
      deals.set(id, { ...found, properties: { ...found.properties, ...props } });
      return send(res, 200, dealObject('deal-updated.json', id));
    }
    return send(res, 404, hubspotFixture('error-not-found.json'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    contacts,
    deals,
    reject,
    answerNext: (answer) => void queued.push(answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
