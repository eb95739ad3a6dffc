import { transferableAbortController } from 'node:util';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * An msw server for one component test file (docs/decisions/075-msw-for-component-tests.md):
 * the test answers the requests it expects with `server.use(http.get(...))`; any other request
 * fails the test (msw logs it with console.error, which vitest.setup.ts turns into a failure,
 * and the fetch rejects). `requests` holds every request the page sent in the current test, in
 * order, so a test can assert what was sent — or that nothing was.
 */
export function useMockServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  useNodeAbortSignals();
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone());
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());
  return { server, requests };
}

/**
 * jsdom's AbortController replaces Node's, and Node's Request (which msw builds) refuses its
 * signals (vitest-dev/vitest#8374), so every request that carries one would fail before a
 * handler saw it. Node's own classes come back for the file's tests; transferableAbortController
 * is the one public way to reach them once jsdom has taken the globals.
 */
function useNodeAbortSignals() {
  const jsdom = {
    AbortController: globalThis.AbortController,
    AbortSignal: globalThis.AbortSignal,
  };
  const node = transferableAbortController();
  beforeAll(() => {
    globalThis.AbortController = node.constructor as typeof AbortController;
    globalThis.AbortSignal = node.signal.constructor as typeof AbortSignal;
  });
  afterAll(() => Object.assign(globalThis, jsdom));
}
