// The product's API plus one bare route, in one process, for `pnpm bench` to compare against.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';

const { config } = loadConfig();
const app = await buildApp({ config, logger: false });
app.get('/bench/bare', async () => ({ ok: true }));
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.on('message', (msg) => {
  if (msg === 'close') void app.close().then(() => process.exit(0));
});
