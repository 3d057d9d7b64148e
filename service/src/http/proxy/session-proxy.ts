import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Principal, Authenticator } from '../../core/identity/authenticator.js';
import type { SessionRecord } from '../../core/sessions/session-model.js';
import type { HubSettings } from '../../config/settings.js';
import type { BackgroundRunner } from '../../core/ports/background-runner.js';
import type { SessionManager } from '../../core/sessions/session-manager.js';
import { ProxyAccess, type ProxyAccessServices } from './proxy-access.js';
import { SESSION_COOKIE } from '../auth/authenticate.js';
import type { HubApp } from '../types.js';
import { registerHttpProxy } from './http-proxy.js';
import { handleUpgrade } from './ws-proxy.js';
import type { Tracer } from '../../core/ports/tracing.js';

const ACTIVITY_EVERY_MS = 30_000;
/** A session whose server did not answer is probed at most this often. */
const PROBE_EVERY_MS = 3_000;

/** What the session proxy uses. */
export type SessionProxyServices = ProxyAccessServices & {
  settings: Pick<HubSettings, 'publicUrl' | 'basePath'>;
  authenticator: Pick<Authenticator, 'fromBearerToken' | 'fromSessionCookie'>;
  background: BackgroundRunner;
  sessions: Pick<SessionManager, 'touch' | 'checkKernel' | 'heartbeat' | 'leave'>;
  /** Each proxied WebSocket connection is a span (docs/telemetry.md). */
  tracer?: Tracer;
};

/**
 * The browser's way into sessions: `/s/<session id>/...` over HTTP and WebSocket. Traffic counts
 * as activity (written at most every 30 s per session), and an open WebSocket as an editor being
 * present (extending a connection-aware lifetime).
 */
export async function registerSessionProxy(
  app: HubApp,
  services: SessionProxyServices,
  sockets: Set<Duplex>,
  /** Upgrades on other hosts (surfaces'): true when it took the upgrade. */
  otherUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean = () => false,
): Promise<void> {
  const access = new ProxyAccess(services);
  const touched = new Map<string, number>();
  // Presence writes go through background work: shutdown waits for them and refuses new ones.
  const inBackground = (session: SessionRecord, work: () => Promise<unknown>) =>
    services.background.run(() =>
      work().catch((error: unknown) => app.log.debug({ event: 'session_activity_failed', session_id: session.id, err: error }, 'session_activity_failed')),
    );
  const throttled = (session: SessionRecord, work: () => Promise<unknown>) => {
    const now = Date.now();
    if (now - (touched.get(session.id) ?? 0) < ACTIVITY_EVERY_MS) return;
    touched.set(session.id, now);
    if (touched.size > 10_000) touched.clear();
    inBackground(session, work);
  };
  const open = new Map<string, number>();
  const probed = new Map<string, number>();
  const hooks = {
    activity: (session: SessionRecord) => throttled(session, () => services.sessions.touch(session.project_id, session.id)),
    // A failed connection to marimo is the quickest sign of a dead kernel: probe it (at most every few seconds per session).
    unanswered: (session: SessionRecord) => {
      const now = Date.now();
      if (now - (probed.get(session.id) ?? 0) < PROBE_EVERY_MS) return;
      probed.set(session.id, now);
      if (probed.size > 10_000) probed.clear();
      inBackground(session, () => services.sessions.checkKernel(session.project_id, session.id));
    },
    present: (session: SessionRecord) => {
      open.set(session.id, (open.get(session.id) ?? 0) + 1);
      inBackground(session, () => services.sessions.heartbeat(session.project_id, session.id, true));
    },
    // The last browser connection through this replica closed: the editor is gone, and the idle
    // clock starts now rather than when the presence mark would run out.
    left: (session: SessionRecord) => {
      const remaining = (open.get(session.id) ?? 1) - 1;
      if (remaining > 0) return void open.set(session.id, remaining);
      open.delete(session.id);
      inBackground(session, () => services.sessions.leave(session.project_id, session.id));
    },
  };
  await registerHttpProxy(app, access, hooks);

  const authenticate = async (request: IncomingMessage): Promise<Principal | null> => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) return services.authenticator.fromBearerToken(bearer);
    const cookie = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
    return cookie ? services.authenticator.fromSessionCookie(cookie) : null;
  };
  app.server.on(
    'upgrade',
    (request: IncomingMessage, socket: Duplex, head: Buffer) =>
      otherUpgrade(request, socket, head) ||
      handleUpgrade(
        {
          access,
          authenticate,
          expectedOrigin: (upgrade) => services.settings.publicUrl ?? `http://${upgrade.headers.host ?? ''}`,
          sockets,
          hooks,
          presenceIntervalMs: 30_000,
          basePath: services.settings.basePath,
          ...(services.tracer ? { tracer: services.tracer } : {}),
        },
        request,
        socket,
        head,
      ),
  );
}
