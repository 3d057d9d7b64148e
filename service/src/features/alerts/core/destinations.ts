import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import { InvalidCursorError } from '../../../core/ports/object-store.js';
import type { AlertAttemptOutcome, AlertSender } from '../../../core/ports/alert-sender.js';
import { TEST_ALERT_KIND } from './delivery-message.js';
import { ALERT_ID_PATTERN, newAlertId, type AlertDestinationRecords, type AlertDestinationType, type StoredAlertDestination } from './destination-records.js';
import { attemptDelivery, newAlertEventId } from './dispatcher.js';
import type { OutboundPolicy } from '../../../core/outbound/outbound-policy.js';
import { checkCreate, checkPatch, type AlertDestinationInput, type AlertDestinationPatch } from './destination-validation.js';
import { delivered } from './retry.js';

export type { AlertDestinationInput, AlertDestinationPatch } from './destination-validation.js';

export interface AlertDestinationsOptions {
  maxDestinations: number;
  endpointPolicy: OutboundPolicy;
  /** Limit of the test delivery verification waits for. */
  verifyTimeoutMs: number;
}

export interface DestinationPage {
  items: StoredAlertDestination[];
  nextCursor: string | null;
}

/**
 * A project's alert destinations: validation, the per-project capacity, the audit event of every
 * change (never with a URL or secret), and verification by a test delivery. Authorization is
 * decided before these are called.
 */
export class AlertDestinations {
  constructor(
    private readonly records: AlertDestinationRecords,
    private readonly audit: AuditLog,
    private readonly sender: AlertSender,
    private readonly options: AlertDestinationsOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Newest first; the cursor is the id the previous page ended with. */
  async list(projectId: string, page: { cursor: string | null; limit: number }): Promise<DestinationPage> {
    const after = page.cursor === null ? null : decodeCursor(page.cursor);
    const newestFirst = (await this.records.all(projectId)).reverse();
    const remaining = after === null ? newestFirst : newestFirst.filter((destination) => destination.id < after);
    const items = remaining.slice(0, page.limit);
    const more = remaining.length > page.limit;
    return { items, nextCursor: more ? encodeCursor(items[items.length - 1]!.id) : null };
  }

  async get(projectId: string, id: string): Promise<StoredAlertDestination> {
    const found = (await this.records.all(projectId)).find((destination) => destination.id === id);
    if (!found) throw notFound();
    return found;
  }

  async create(projectId: string, input: AlertDestinationInput, actor: string): Promise<StoredAlertDestination> {
    const checked = checkCreate(input, this.options.endpointPolicy);
    const at = this.now();
    const destination: StoredAlertDestination = {
      id: newAlertId(at.getTime()),
      type: input.type,
      name: checked.name,
      kinds: checked.kinds,
      enabled: input.enabled ?? true,
      verified_at: null,
      url: checked.url,
      signing_secret: input.type === 'webhook' ? (input.signing_secret ?? null) : null,
      created_by: actor,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    };
    const { maxDestinations } = this.options;
    await this.records.change(projectId, (current) => {
      if (current.length >= maxDestinations) {
        throw new HubError('RESOURCE_EXHAUSTED', `a project can have at most ${maxDestinations} alert destinations; delete one first`);
      }
      return { next: [...current, destination], result: undefined };
    });
    await this.audit.append({ event: 'alert.create', actor, projectId, metadata: { destination_id: destination.id, ...describe(destination) } });
    return destination;
  }

  async update(projectId: string, id: string, patch: AlertDestinationPatch, actor: string): Promise<StoredAlertDestination> {
    const updated = await this.records.change(projectId, (current) => {
      const existing = current.find((destination) => destination.id === id);
      if (!existing) throw notFound();
      const checked = checkPatch(existing.type, patch, this.options.endpointPolicy);
      const endpointChanged =
        (checked.url !== undefined && checked.url !== existing.url) || (patch.signing_secret !== undefined && patch.signing_secret !== existing.signing_secret);
      const next: StoredAlertDestination = {
        ...existing,
        ...(checked.name !== undefined ? { name: checked.name } : {}),
        ...(checked.kinds !== undefined ? { kinds: checked.kinds } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        ...(checked.url !== undefined ? { url: checked.url } : {}),
        ...(existing.type === 'webhook' && patch.signing_secret !== undefined ? { signing_secret: patch.signing_secret } : {}),
        // A new endpoint or secret has not been shown to work yet.
        verified_at: endpointChanged ? null : existing.verified_at,
        updated_at: this.now().toISOString(),
      };
      return { next: current.map((destination) => (destination === existing ? next : destination)), result: next };
    });
    const fields = Object.keys(patch).sort();
    await this.audit.append({ event: 'alert.update', actor, projectId, metadata: { destination_id: id, fields, ...describe(updated) } });
    return updated;
  }

  async delete(projectId: string, id: string, actor: string): Promise<void> {
    const removed = await this.records.change(projectId, (current) => {
      const existing = current.find((destination) => destination.id === id);
      if (!existing) throw notFound();
      return { next: current.filter((destination) => destination !== existing), result: existing };
    });
    await this.audit.append({ event: 'alert.delete', actor, projectId, metadata: { destination_id: id, ...describe(removed) } });
  }

  /**
   * Sends one test delivery and waits for it; on a 2xx answer records `verified_at`. Otherwise
   * nothing changes and the error says what the receiver did.
   */
  async verify(project: { id: string; name: string }, id: string, actor: string): Promise<StoredAlertDestination> {
    const destination = await this.get(project.id, id);
    const at = this.now();
    const payload = {
      id: newAlertEventId(at.getTime()),
      kind: TEST_ALERT_KIND,
      project_id: project.id,
      project_name: project.name,
      actor,
      occurred_at: at.toISOString(),
      data: { destination_id: destination.id, destination_name: destination.name },
    };
    const outcome = await attemptDelivery(this.sender, destination, payload, this.options.verifyTimeoutMs, at);
    if (!delivered(outcome)) throw verificationFailed(outcome);
    const verified = await this.records.change(project.id, (current) => {
      const existing = current.find((candidate) => candidate.id === id);
      if (!existing) throw notFound();
      if (existing.url !== destination.url || existing.signing_secret !== destination.signing_secret) {
        throw new HubError('CONFLICT', 'the destination changed while it was being verified; verify it again');
      }
      const next = { ...existing, verified_at: this.now().toISOString() };
      return { next: current.map((candidate) => (candidate === existing ? next : candidate)), result: next };
    });
    const status = outcome.kind === 'response' ? outcome.status : null;
    await this.audit.append({
      event: 'alert.verify',
      actor,
      projectId: project.id,
      metadata: { destination_id: id, http_status: status, ...describe(verified) },
    });
    return verified;
  }
}

/** What audit entries say about a destination: never its URL or secret. */
function describe(destination: StoredAlertDestination): { type: AlertDestinationType; name: string; kinds: string[]; enabled: boolean } {
  return { type: destination.type, name: destination.name, kinds: destination.kinds, enabled: destination.enabled };
}

function notFound(): HubError {
  return new HubError('NOT_FOUND', 'no such alert destination');
}

/**
 * A receiver that refused the test (a 4xx other than 408/429, or a redirect, which is never
 * followed) is a configuration problem of the destination: BAD_REQUEST. One that could not be
 * reached, timed out or failed (5xx, 408, 429) may work later: SERVICE_UNAVAILABLE.
 */
function verificationFailed(outcome: AlertAttemptOutcome): HubError {
  const field = (message: string) => [{ field: 'destination', message }];
  if (outcome.kind === 'response') {
    const message = `the destination answered HTTP ${outcome.status} to the test delivery`;
    const transient = outcome.status === 408 || outcome.status === 429 || outcome.status >= 500;
    if (transient) return new HubError('SERVICE_UNAVAILABLE', message, field(`HTTP ${outcome.status}`));
    const redirect = outcome.status >= 300 && outcome.status < 400 ? ' (redirects are not followed)' : '';
    return new HubError('BAD_REQUEST', message + redirect, field(`HTTP ${outcome.status}`));
  }
  if (outcome.reason === 'refused-address') {
    return new HubError('BAD_REQUEST', 'the destination host resolves to an address alert deliveries may not reach', field('refused address'));
  }
  // Which network error it was (refused, reset, no route) stays out of the answer: it would tell
  // which ports of a host are open (docs/outbound-requests.md).
  const why = outcome.reason === 'timeout' ? 'did not answer in time' : 'could not be reached';
  return new HubError('SERVICE_UNAVAILABLE', `the destination ${why}`, field(outcome.reason));
}

function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!ALERT_ID_PATTERN.test(id)) throw new InvalidCursorError();
  return id;
}
