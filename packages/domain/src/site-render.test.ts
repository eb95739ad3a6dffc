import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type AstroHandler, pageRequest, pageText, renderPage } from './site-render.ts';

describe('renderPage', () => {
  it('collects what the handler writes, whole, with its status and headers', async () => {
    const handler: AstroHandler<{ who: string }> = async (req, res, _next, locals) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(`<p>${req.url} for `);
      res.end(`${locals.who} on ${req.headers.host}</p>`);
    };
    const page = await renderPage(
      handler,
      pageRequest('/flat-fee-mls/austin-tx', new URL('https://example.com')),
      { who: 'the index' },
    );
    expect(page).toMatchObject({ status: 200, headers: { 'content-type': 'text/html' } });
    expect(page && pageText(page)).toBe(
      '<p>/flat-fee-mls/austin-tx for the index on example.com</p>',
    );
  });

  it('keeps the bytes of a binary answer as they were written', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0xe2, 0xff, 0x00, 0x80]);
    const handler: AstroHandler<null> = async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write(bytes.subarray(0, 5));
      res.end(bytes.subarray(5));
    };
    const page = await renderPage(handler, pageRequest('/a.pdf', new URL('http://x.test')), null);
    expect(page?.body.equals(bytes)).toBe(true);
  });

  it('takes a status with no headers, or with a status message before them', async () => {
    const request = () => pageRequest('/x', new URL('http://x.test'));
    const bare: AstroHandler<null> = async (_req, res) => {
      res.writeHead(404);
      res.end();
    };
    expect(await renderPage(bare, request(), null)).toMatchObject({ status: 404, headers: {} });
    const named: AstroHandler<null> = async (_req, res) => {
      res.writeHead(200, 'OK', { 'content-type': 'text/plain' });
      res.end('ok');
    };
    expect(await renderPage(named, request(), null)).toMatchObject({
      status: 200,
      headers: { 'content-type': 'text/plain' },
    });
  });

  it('answers null when no page matches, and fails when the handler does', async () => {
    const request = () => pageRequest('/nothing', new URL('http://localhost:3000'));
    const passes: AstroHandler<null> = async (_req, _res, next) => next();
    expect(await renderPage(passes, request(), null)).toBeNull();
    const fails: AstroHandler<null> = async (_req, res: ServerResponse) => {
      res.writeHead(200, {});
      throw new Error('broken page');
    };
    await expect(renderPage(fails, request(), null)).rejects.toThrow('broken page');
  });
});
