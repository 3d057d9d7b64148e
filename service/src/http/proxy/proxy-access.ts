import { HubError } from '../../core/errors.js';
import type { Principal } from '../../core/identity/authenticator.js';
import type { SessionRecord } from '../../core/sessions/session-model.js';
import { catalogKeys } from '../../core/storage-layout.js';
import type { Catalog } from '../../core/catalog/catalog.js';
import type { AccessControl } from '../../core/access/access-control.js';

export interface ProxyTarget {
  record: SessionRecord;
  /** `http://host:port` of marimo (a loopback address). */
  origin: string;
  /** Added to every forwarded request: the per-session secret. */
  headers: Record<string, string>;
}

const CACHE_MS = 2000;

/** What deciding a proxied request reads: the catalog's session index, and access control. */
export interface ProxyAccessServices {
  catalog: Pick<Catalog, 'view'>;
  access: Pick<AccessControl, 'session'>;
}

/**
 * Decides whether a caller may reach a session's marimo, page loads and WebSocket upgrades
 * alike: the session must be running, the project visible, and `session.proxy` allowed for this
 * session (viewers only into apps, an exclusive edit session only for its editor). A decision is
 * kept for two seconds: a page load is dozens of requests.
 */
export class ProxyAccess {
  private readonly cache = new Map<string, { target: ProxyTarget; until: number }>();

  constructor(private readonly services: ProxyAccessServices) {}

  async resolve(principal: Principal, sessionId: string): Promise<ProxyTarget> {
    const key = `${principal.user.id}|${principal.credential.kind === 'token' ? principal.credential.tokenId : 'session'}|${sessionId}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.target;
    const target = await this.decide(principal, sessionId);
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(key, { target, until: Date.now() + CACHE_MS });
    return target;
  }

  /** Drops cached decisions about a session (it stopped answering: its state may have moved on). */
  forget(sessionId: string): void {
    for (const key of this.cache.keys()) if (key.endsWith(`|${sessionId}`)) this.cache.delete(key);
  }

  private async decide(principal: Principal, sessionId: string): Promise<ProxyTarget> {
    const { services } = this;
    const notFound = () => new HubError('NOT_FOUND', `session ${sessionId} not found`);
    const index = await (await services.catalog.view()).get<{ project_id: string }>(catalogKeys.activeSession(sessionId));
    if (!index) throw notFound();
    // The same access control as every route: the project, the session's rules, its notebook's labels.
    const { record } = await services.access.session(principal, index.project_id, sessionId, 'session.proxy');
    if (record.state === 'provisioning') {
      // An app whose notebook server died is started again under the same URL (docs/sessions.md).
      const what = (record.restarts ?? 0) > 0 ? 'its notebook server stopped and it is restarting' : 'the session is starting';
      throw new HubError('SERVICE_UNAVAILABLE', `${what} (${record.phase})`, undefined, { retryAfterSeconds: 2 });
    }
    if (record.state !== 'running' || !record.endpoint) throw new HubError('GONE', `the session is ${record.state}`);
    return { record, origin: `http://${record.endpoint.host}:${record.endpoint.port}`, headers: { authorization: `Bearer ${record.secret}` } };
  }
}
