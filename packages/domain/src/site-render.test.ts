import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type AstroHandler, pageRequest, renderPage } from './site-render.ts';

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
    expect(page).toEqual({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<p>/flat-fee-mls/austin-tx for the index on example.com</p>',
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
