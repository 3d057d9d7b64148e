import type { Catalog } from '../catalog/catalog.js';
import type { Principal } from '../identity/authenticator.js';
import type { AccessControl } from '../access/access-control.js';
import { runtimeSessions, type RuntimeSessionRow } from '../sessions/runtime-inspection.js';
import type { SessionReclaimer } from '../sessions/session-reclaim.js';
import type { SessionStore } from '../sessions/session-store.js';

export interface RuntimeUseCaseDeps {
  access: AccessControl;
  catalog: Catalog;
  sessions: SessionStore;
  reclaimer: SessionReclaimer;
}

/** Runtime inspection and forced reclaim of sessions (docs/sessions.md): `admin.access`, super admins. */
export class RuntimeUseCases {
  constructor(private readonly deps: RuntimeUseCaseDeps) {}

  /** Sessions that may still hold a sandbox, across every project, newest first. */
  async sessions(principal: Principal, input: { cursor: string | null; limit: number }): Promise<{ items: RuntimeSessionRow[]; nextCursor: string | null }> {
    this.deps.access.deployment(principal, 'admin.access');
    const { catalog, sessions, reclaimer } = this.deps;
    return runtimeSessions({ catalog, sessions, reclaimer }, input);
  }

  /** Reclaims a session that is over: saves its notebook (unless save is false), destroys its sandbox, frees its notebook. */
  async reclaim(principal: Principal, input: { projectId: string; sessionId: string; save?: boolean }): Promise<{ saved: boolean }> {
    this.deps.access.deployment(principal, 'admin.access');
    const { user } = principal;
    return this.deps.reclaimer.reclaim(input.projectId, input.sessionId, { save: input.save ?? true, actor: { id: user.id, email: user.email } });
  }
}
