import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';
import { releaseStartupMemory } from './lib/release-startup-memory.ts';

const { config, warnings } = loadConfig();
const app = await buildApp({ config });
for (const warning of warnings) app.log.warn(warning);

/** Past this, a request or job that will not finish is abandoned: the process must end. */
const SHUTDOWN_LIMIT_MS = 30_000;

// Graceful shutdown (issue 26): stop accepting connections, let requests in flight finish, tell
// sockets to reconnect elsewhere (1012), finish the running job and give back the others, then
// close the database.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    setTimeout(() => {
      app.log.error(`still closing after ${SHUTDOWN_LIMIT_MS / 1000} s, exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'close failed');
        process.exit(1);
      },
    );
  });
}

// Before listening, so no request waits for the collection (about 0.3 s of CPU).
await app.ready();
releaseStartupMemory();
await app.listen({ port: config.port, host: config.host });
app.log.info(`${config.siteName} is running at ${config.publicUrl.origin}`);
