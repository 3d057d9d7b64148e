import type { Credential } from '../../../core/identity/authenticator.js';
import { credentialStands } from '../../../core/identity/credential-stands.js';
import { randomSecret, secretHash } from '../../../core/identity/secrets.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { jsonBody, takeJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';

/** A ticket is exchanged within this long of being issued. */
export const LAUNCH_TICKET_LIFETIME_MS = 60_000;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * `auth/session-launches/<hash>`: what lets a browser that is not signed in to this hub into one
 * session's page (docs/remotes.md, "Opening the session"). A hub the user signed in to with the
 * sync API asks for it; it rides in one URL, is good for one exchange within a minute, and is
 * stored under its hash only. It carries the credential that asked, so that the browser session it
 * turns into is cleared for no more than that credential.
 */
export interface LaunchTicket {
  schema_version: 1;
  user_id: string;
  credential: Credential;
  project_id: string;
  notebook_id: string;
  session_id: string;
  mode: 'edit' | 'app';
  created_at: string;
  expires_at: string;
}

export type LaunchScope = Pick<LaunchTicket, 'user_id' | 'credential' | 'project_id' | 'notebook_id' | 'session_id' | 'mode'>;

export class LaunchTickets {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(scope: LaunchScope): Promise<{ ticket: string; expiresAt: string }> {
    const ticket = randomSecret();
    const at = this.now();
    const credentialEnds = scope.credential.expiresAt === null ? Infinity : Date.parse(scope.credential.expiresAt);
    const record: LaunchTicket = {
      schema_version: 1,
      ...scope,
      created_at: at.toISOString(),
      expires_at: new Date(Math.min(at.getTime() + LAUNCH_TICKET_LIFETIME_MS, credentialEnds)).toISOString(),
    };
    await this.store.put(layout.sessionLaunch(secretHash(ticket)), jsonBody(record), { ifNoneMatch: '*' });
    return { ticket, expiresAt: record.expires_at };
  }

  /**
   * Takes a ticket (read and conditional delete: a replayed or racing exchange loses); null when it
   * is malformed, unknown, used or expired.
   */
  async redeem(ticket: string): Promise<LaunchTicket | null> {
    if (!SECRET.test(ticket)) return null;
    const key = layout.sessionLaunch(secretHash(ticket));
    const taken = await takeJson<LaunchTicket>(this.store, key);
    return taken === null || Date.parse(taken.expires_at) <= this.now().getTime() ? null : taken;
  }

  /** Whether the credential that asked still stands: the connection not ended, the token not revoked. */
  async credentialStands(ticket: LaunchTicket): Promise<boolean> {
    return credentialStands(this.store, ticket.credential);
  }
}
