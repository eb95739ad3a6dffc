import { createDatabase, type Database, type Db, migrate } from '@lantern/db';
import fp from 'fastify-plugin';
import type { Config } from '../../env.ts';
import {
  type CurrentUserService,
  createCurrentUserService,
} from '../../features/auth/current-user.ts';
import { warmPasswordHasher } from '../../features/auth/passwords.ts';
import {
  createRateLimitRepository,
  type RateLimitRepository,
} from '../../features/auth/rate-limits.repository.ts';
import { createSessionRepository } from '../../features/auth/sessions.repository.ts';
import { createSessionService, type SessionService } from '../../features/auth/sessions.ts';
import { createThrottle, type Throttle } from '../../features/auth/throttle/throttle.ts';
import { createUserRepository, type UserRepository } from '../../features/auth/users.repository.ts';
import { createLocalBus, createPostgresBus, type EventBus } from '../../lib/event-bus.ts';
import { startTracing, type Tracing } from '../../lib/tracing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** OpenTelemetry (a no-op tracer unless OTEL_EXPORTER_OTLP_ENDPOINT is set). */
    tracing: Tracing;
    bus: EventBus;
    users: UserRepository;
    rateLimits: RateLimitRepository;
    /** The one way to throttle a request (services/throttle). */
    throttle: Throttle;
    sessions: SessionService;
    currentUser: CurrentUserService;
  }
}

export interface ServicesOptions {
  config: Config;
  /** A database made by the caller (tests); otherwise one is opened from config and migrated. */
  database?: Database;
  /** Tracing set up by the caller (tests); otherwise started from config (OTLP endpoint). */
  tracing?: Tracing;
}

/** Opens the database, runs migrations and decorates the instance with repositories and services. */
export default fp<ServicesOptions>(
  async (app, { config, database: given, tracing: givenTracing }) => {
    const tracing =
      givenTracing ?? (await startTracing(config.otlpEndpoint, `${config.siteName} API`));
    app.decorate('tracing', tracing);
    const database =
      given ??
      (await createDatabase({
        url: config.databaseUrl,
        dataDir: `${config.dataDir}/pglite`,
        lockHolder: `the server on port ${config.port}`,
        tracer: tracing.enabled ? tracing.tracer : undefined,
        onConnectionError: (err) =>
          app.log.warn({ err }, 'database connection lost; the pool opens a new one'),
      }));
    if (!given) await migrate(database);
    const bus =
      database.kind === 'postgres' ? await createPostgresBus(database, app.log) : createLocalBus();
    const users = createUserRepository(database.db);
    const sessions = createSessionService({
      repo: createSessionRepository(database.db),
      bus,
      secret: config.sessionSecret,
      onError: (err) => app.log.error({ err }, 'session touch failed'),
    });
    const currentUser = createCurrentUserService(users, bus);

    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('bus', bus);
    app.decorate('users', users);
    const rateLimits = createRateLimitRepository(database.db);
    app.decorate('rateLimits', rateLimits);
    app.decorate('throttle', createThrottle(rateLimits, config.rateLimits));
    app.decorate('sessions', sessions);
    app.decorate('currentUser', currentUser);

    const sweep = setInterval(() => {
      app.rateLimits.sweep().catch((err) => app.log.warn({ err }, 'rate-limit sweep failed'));
    }, 10 * 60_000);
    sweep.unref();

    app.addHook('onReady', warmPasswordHasher);
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      sessions.close();
      currentUser.close();
      await bus.close();
      if (!given) await database.close();
      // Last: the spans of the closing itself are sent too.
      await tracing.shutdown();
    });
  },
  { name: 'services' },
);
