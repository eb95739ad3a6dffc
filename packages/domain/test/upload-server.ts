import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the test server saw of the last upload. */
export interface SeenUpload {
  method: string;
  contentType: string;
  requestedWith: string;
  bytes: number;
  body: string;
}

/** A real HTTP server answering uploads as the API does, with CORS for jsdom's XMLHttpRequest. */
export async function startUploadServer() {
  const seen: SeenUpload[] = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'POST, PUT');
      res.setHeader('Access-Control-Allow-Headers', 'X-Requested-With, Accept');
      res.end();
      return;
    }
    void read(req).then((body) => {
      seen.push({
        method: req.method ?? '',
        contentType: req.headers['content-type'] ?? '',
        requestedWith: String(req.headers['x-requested-with'] ?? ''),
        bytes: body.length,
        body: body.toString('latin1'),
      });
      answer(req.url ?? '', res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function read(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

function answer(url: string, res: ServerResponse) {
  if (url === '/stored') return json(res, 201, { files: [{ name: 'a.jpg', stored: true }] });
  if (url === '/refused')
    return json(res, 422, { message: 'Please correct.', errors: { file: ['Too big.'] } });
  if (url === '/login') return json(res, 401, { message: 'Please log in to continue.' });
  if (url === '/empty') {
    res.writeHead(200);
    return res.end();
  }
  res.writeHead(413, { 'Content-Type': 'text/html' });
  res.end('<html>Request Entity Too Large</html>');
}

type UploadServer = Awaited<ReturnType<typeof startUploadServer>>;

/** One server for a test file: started before its tests, closed after them. */
export function useUploadServer(): () => UploadServer {
  let server: UploadServer | undefined;
  beforeAll(async () => {
    server = await startUploadServer();
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error('The upload server starts before the tests.');
    return server;
  };
}

/** A form with one JPEG of `bytes` bytes in its `files` part, named a.jpg. */
export function photoForm(bytes: number): FormData {
  const data = new FormData();
  data.append('files', new Blob(['x'.repeat(bytes)], { type: 'image/jpeg' }), 'a.jpg');
  return data;
}
