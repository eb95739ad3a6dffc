// The server: the app on its database, listening, and its graceful shutdown. Started through
// server.ts, which gives the process its memory settings first.
import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';
import { releaseStartupMemory } from './lib/release-startup-memory.ts';

const { config, warnings } = loadConfig();
const app = await buildApp({ config });
for (const warning of warnings) app.log.warn(warning);

/** Once the grace period is over, what still runs (a job, the database's close) has this long. */
const CLOSE_MARGIN_MS = 5_000;

// Graceful shutdown (issue 26): stop accepting connections, close idle keep-alive ones, let
// requests in flight finish, tell sockets to reconnect elsewhere (1012), finish the running job
// and give back the others, then close the database. A request that will not finish (a client
// that stopped reading a large answer or sending its body) is cut at the grace period, so the
// shutdown still ends cleanly, exit 0 (issue 41); only a close that hangs past that exits 1.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    setTimeout(() => {
      app.log.warn(`grace period of ${config.shutdownGraceMs / 1000} s over, cutting connections`);
      app.server.closeAllConnections();
    }, config.shutdownGraceMs).unref();
    setTimeout(() => {
      app.log.error('still closing after the grace period, exiting');
      process.exit(1);
    }, config.shutdownGraceMs + CLOSE_MARGIN_MS).unref();
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
