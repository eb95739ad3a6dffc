import websocket from '@fastify/websocket';
import { MESSAGES, WS_CLOSE, ZRealtimeClientMessageSchema } from '@lantern/contracts';
import { parseChannel } from '@lantern/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { LIMITS } from '../auth/throttle/limits.ts';
import { type ConnectionOwner, SocketConnection } from './realtime-connection.ts';
import { MAX_CHANNELS_PER_CONNECTION, RealtimeHub } from './realtime-hub.ts';
import { createRealtimeService, type RealtimeService } from './realtime-service.ts';

export type { RealtimeService };

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeService;
  }
  interface FastifyRequest {
    realtimeOwner?: ConnectionOwner;
    /** The socket's lease in the shared counters (sockets per session). */
    realtimeLease?: string;
  }
}

const HEARTBEAT_MS = 30_000;
const SESSION_CHECK_MS = 60_000;

type Hub = RealtimeHub<SocketConnection>;
type MayListen = (conn: SocketConnection, channel: string) => Promise<boolean>;

/**
 * The one WebSocket at /ws (docs/decisions/005-realtime.md). The upgrade needs a same-origin page
 * and a live session; each subscription is authorized on its own. Events go through the event
 * bus, so a publish on any instance reaches sockets on every instance.
 */
export default fp(
  async (app) => {
    const hub: Hub = new RealtimeHub<SocketConnection>();
    // Shutting down (issue 26): every socket hears "restarting" and reconnects elsewhere. Added
    // before the websocket plugin's own preClose, which would close them without a code.
    app.addHook('preClose', async () => {
      for (const conn of hub.connections()) conn.close(WS_CLOSE.restarting, 'restarting');
    });
    await app.register(websocket, {
      options: { maxPayload: 4096 },
      // A frame over maxPayload, or another protocol fault, ends that socket; it is the client's
      // doing, worth a warning, not an error with a stack trace (issue 12).
      errorHandler: (error, socket, request) => {
        const { code, message } = error as Error & { code?: string };
        request.log.warn({ code, message }, 'realtime socket closed on a protocol error');
        socket.terminate();
      },
    });
    const leases = new Map<SocketConnection, string>();
    const mayListen = channelAccess(app);
    const offs = followBus(app, hub, mayListen);
    app.decorate('realtime', createRealtimeService(app.bus, hub));

    app.get('/ws', { websocket: true, preValidation: upgradeCheck(app) }, (socket, request) => {
      const owner = request.realtimeOwner;
      if (!owner) return socket.close(1011, 'unauthorized');
      const conn = new SocketConnection(socket, owner);
      openSocket({ app, hub, leases, mayListen }, socket, conn, request);
    });

    const stopTimers = startTimers(app, hub, leases);
    app.addHook('onClose', async () => {
      stopTimers();
      for (const off of offs) off();
    });
  },
  { name: 'realtime', dependencies: ['access', 'services', 'auth', 'property-data'] },
);

/** Bus events that reach this instance's sockets, or end their subscriptions. */
function followBus(app: FastifyInstance, hub: Hub, mayListen: MayListen) {
  const recheck = (conns: SocketConnection[]) => {
    for (const conn of conns) {
      for (const channel of [...conn.channels]) {
        mayListen(conn, channel).then(
          (ok) => {
            if (!ok) hub.revoke(conn.userId, channel);
          },
          (err) => app.log.warn({ err }, 'realtime access re-check failed'),
        );
      }
    }
  };
  return [
    app.bus.subscribe('realtime.event', ({ channel, event }) => hub.deliver(channel, event)),
    app.bus.subscribe('realtime.revoke', ({ userId, channel }) => hub.revoke(userId, channel)),
    // Issue 15: whoever's role or kinds changed (or whose role was edited) keeps no channel
    // the new access refuses, rather than hearing it until they reconnect.
    app.bus.subscribe('user.changed', ({ userId }) =>
      recheck(hub.connections().filter((conn) => conn.userId === userId)),
    ),
    app.bus.subscribe('staff-role.changed', () => recheck(hub.connections())),
    app.bus.subscribe('session.ended', ({ ids }) => hub.endSessions(ids)),
    // The bus reconnected and may have missed events: clients reconnect and reload.
    app.bus.onReset(() => {
      for (const conn of hub.connections()) conn.close(WS_CLOSE.restarting, 'resync');
    }),
  ];
}

/** May this socket's user hear the channel? Their own, their properties', or staff's. */
function channelAccess(app: FastifyInstance): MayListen {
  return async (conn, channel) => {
    const parsed = parseChannel(channel);
    if (!parsed) return false;
    if (parsed.kind === 'user') return parsed.hash === conn.userHash;
    if (await app.properties.isParticipant(conn.userId, parsed.hash)) return true;
    // Staff who answer customers hear every property's messages (issues 6 and 15).
    const access = await app.access.forUser(conn.userId);
    return app.access.can(access, 'messages.answer') && (await app.properties.exists(parsed.hash));
  };
}

/** The upgrade: a same-origin page, a live session, and a lease within the session's sockets. */
function upgradeCheck(app: FastifyInstance) {
  const allowedOrigin = app.config.publicUrl.origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A cross-site page could otherwise open a socket with the user's cookie (CSWSH).
    if (request.headers.origin !== allowedOrigin) {
      return reply.code(403).send({ message: MESSAGES.forbidden });
    }
    const session = await request.session();
    const user = session && (await app.currentUser.get(session.userId));
    if (!session || !user) return reply.code(401).send({ message: MESSAGES.unauthenticated });
    if (app.throttle.enabled) {
      // Each socket holds a lease, so every instance counts the session's sockets (issue 12).
      const lease = await app.throttle.openLease(reply, LIMITS.openSockets, session.id);
      if (!lease) return reply;
      request.realtimeLease = lease;
    }
    request.realtimeOwner = {
      userId: session.userId,
      userHash: user.hash,
      sessionId: session.id,
      token: request.cookies[SESSION_COOKIE] ?? '',
    };
  };
}

interface SocketDeps {
  app: FastifyInstance;
  hub: Hub;
  leases: Map<SocketConnection, string>;
  mayListen: MayListen;
}

/** A socket that passed the upgrade: its lease, its heartbeat answer, its messages. */
function openSocket(
  deps: SocketDeps,
  socket: WebSocket,
  conn: SocketConnection,
  request: FastifyRequest,
) {
  const { app, hub, leases } = deps;
  hub.add(conn);
  const lease = request.realtimeLease;
  if (lease) leases.set(conn, lease);
  socket.on('pong', () => {
    conn.alive = true;
  });
  socket.on('close', () => {
    hub.remove(conn);
    if (!lease) return;
    leases.delete(conn);
    app.throttle
      .closeLease(lease)
      .catch((err) => request.log.warn({ err }, 'socket lease left to run out'));
  });
  socket.on('message', (raw, isBinary) => onClientMessage(deps, conn, request.log, raw, isBinary));
}

function parseClientMessage(raw: RawData, isBinary: boolean) {
  try {
    if (!isBinary) return ZRealtimeClientMessageSchema.safeParse(JSON.parse(raw.toString()));
  } catch {
    return undefined;
  }
  return undefined;
}

/** A subscribe or unsubscribe from the browser; each subscription is authorized on its own. */
function onClientMessage(
  { hub, mayListen }: SocketDeps,
  conn: SocketConnection,
  log: FastifyBaseLogger,
  raw: RawData,
  isBinary: boolean,
) {
  const reply = (message: object) => conn.send(JSON.stringify(message));
  const parsed = parseClientMessage(raw, isBinary);
  if (!parsed?.success) {
    return reply({
      type: 'error',
      status: 400,
      message: 'Send {"type": "subscribe", "channel": "user.{hash}"} as JSON text.',
    });
  }
  const { type, channel } = parsed.data;
  if (type === 'unsubscribe') {
    hub.unsubscribe(conn, channel);
    return reply({ type: 'unsubscribed', channel });
  }
  // A removal that lands while the check reads the database would otherwise let the
  // removed participant subscribe after the revoke went by: check again until none did.
  const check = async (): Promise<boolean> => {
    for (;;) {
      const seen = hub.revocations;
      const ok = await mayListen(conn, channel);
      if (seen === hub.revocations) return ok;
    }
  };
  check().then(
    (ok) => {
      if (!ok) return reply({ type: 'error', channel, status: 404, message: MESSAGES.notFound });
      if (hub.subscribe(conn, channel)) return reply({ type: 'subscribed', channel });
      if (conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
        reply({ type: 'error', channel, status: 429, message: 'Too many channels.' });
      }
    },
    (err) => {
      log.error({ err }, 'realtime subscription check failed');
      reply({ type: 'error', channel, status: 500, message: MESSAGES.serverError });
    },
  );
}

/** Heartbeats with lease renewal, and a look now and then for sessions that expired idle. */
function startTimers(app: FastifyInstance, hub: Hub, leases: Map<SocketConnection, string>) {
  const heartbeat = setInterval(() => {
    for (const conn of hub.connections()) conn.heartbeat();
    app.throttle
      .renewLeases([...leases.values()], LIMITS.openSockets)
      .catch((err) => app.log.warn({ err }, 'socket leases not renewed'));
  }, HEARTBEAT_MS);
  // An idle session can expire with no sign-out to announce it.
  const sessionCheck = setInterval(() => {
    for (const conn of hub.connections()) {
      app.sessions.resolve(conn.token).then(
        (session) => {
          if (!session) hub.endSessions([conn.sessionId]);
        },
        (err) => app.log.warn({ err }, 'realtime session check failed'),
      );
    }
  }, SESSION_CHECK_MS);
  heartbeat.unref();
  sessionCheck.unref();
  return () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
  };
}
