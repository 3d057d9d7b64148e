import type { Credential } from '../../../core/identity/authenticator.js';
import { credentialStands } from '../../../core/identity/credential-stands.js';
import { randomSecret, secretHash } from '../../../core/identity/secrets.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody, takeJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { SurfaceId } from '../../../core/ports/surface-model.js';

/** A ticket is exchanged within this long of the open that issued it. */
export const TICKET_LIFETIME_MS = 60_000;
/** A grant lasts at most this long (and never beyond the credential it was issued to). */
const GRANT_LIFETIME_MS = 12 * 3600_000;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * `auth/surface-passes/<hash>`: what lets a browser into one surface of one session on the
 * surface's own host (docs/surfaces.md, "Own origins"). A `ticket` rides in the URL that opening
 * the surface answers and is good for one exchange; the `grant` it turns into lives in a cookie of
 * the surface's host only. Both carry the credential the opener used, so that every request is
 * decided again with the policy as the opener.
 */
export interface SurfacePass {
  schema_version: 1;
  kind: 'ticket' | 'grant';
  user_id: string;
  credential: Credential;
  project_id: string;
  session_id: string;
  surface: SurfaceId;
  /** A ticket's workspace file or folder to open on entering (relative to the workspace), or null. */
  open_path: string | null;
  created_at: string;
  expires_at: string;
}

export type SurfacePassScope = Pick<SurfacePass, 'user_id' | 'credential' | 'project_id' | 'session_id' | 'surface' | 'open_path'>;

export class SurfacePasses {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A one-use ticket for the opener of a surface. */
  async issueTicket(scope: SurfacePassScope): Promise<string> {
    return (await this.write('ticket', scope, TICKET_LIFETIME_MS)).secret;
  }

  /**
   * Takes a ticket (read and conditional delete: a replayed or racing exchange loses) for the
   * surface of the host it is presented on, and answers a grant in its place; null when the
   * ticket is unknown, used, expired or for another surface.
   */
  async redeem(ticket: string, at: { sessionId: string; surface: SurfaceId }): Promise<{ grant: string; pass: SurfacePass; openPath: string | null } | null> {
    if (!SECRET.test(ticket)) return null;
    const key = layout.surfacePass(secretHash(ticket));
    const ticketPass = await takeJson<SurfacePass>(this.store, key, (pass) => pass.kind === 'ticket');
    if (ticketPass === null) return null;
    if (Date.parse(ticketPass.expires_at) <= this.now().getTime()) return null;
    if (ticketPass.session_id !== at.sessionId || ticketPass.surface !== at.surface) return null;
    const { secret: grant, pass } = await this.write('grant', ticketPass, GRANT_LIFETIME_MS);
    return { grant, pass, openPath: ticketPass.open_path };
  }

  /**
   * Whether the credential that opened the surface still stands: the sign-in not ended, the
   * token not revoked. A pass from before credentials were traced stands on its expiry alone.
   */
  async credentialStands(pass: SurfacePass): Promise<boolean> {
    return credentialStands(this.store, pass.credential);
  }

  /** The grant's pass while it holds, else null. */
  async check(grant: string): Promise<SurfacePass | null> {
    if (!SECRET.test(grant)) return null;
    const found = await getJson<SurfacePass>(this.store, layout.surfacePass(secretHash(grant)));
    if (!found || found.value.kind !== 'grant' || Date.parse(found.value.expires_at) <= this.now().getTime()) return null;
    return found.value;
  }

  private async write(kind: SurfacePass['kind'], scope: SurfacePassScope, lifetimeMs: number): Promise<{ secret: string; pass: SurfacePass }> {
    const secret = randomSecret();
    const at = this.now();
    const credentialEnds = scope.credential.expiresAt === null ? Infinity : Date.parse(scope.credential.expiresAt);
    const pass: SurfacePass = {
      schema_version: 1,
      kind,
      user_id: scope.user_id,
      credential: scope.credential,
      project_id: scope.project_id,
      session_id: scope.session_id,
      surface: scope.surface,
      open_path: kind === 'ticket' ? scope.open_path : null,
      created_at: at.toISOString(),
      expires_at: new Date(Math.min(at.getTime() + lifetimeMs, credentialEnds)).toISOString(),
    };
    await this.store.put(layout.surfacePass(secretHash(secret)), jsonBody(pass), { ifNoneMatch: '*' });
    return { secret, pass };
  }
}
