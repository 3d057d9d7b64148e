import { timeOrderedId } from '../../../core/ids.js';
import { getJson, updateJson } from '../../../core/store/cas.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import { openOptional, openValue, plaintextCount, sealOptional, sealValue, type StoredSecret } from '../../../core/secrets/sealed-values.js';
import { layout } from '../../../core/storage-layout.js';
import { presentAlertKinds, type AlertKind } from '../../../core/ports/alert-kinds.js';
import { endpointHost } from '../../../core/outbound/outbound-policy.js';

export type AlertDestinationType = 'slack' | 'webhook';

export const ALERT_ID_PATTERN = /^alert-[0-9a-z]{16}$/;
export const newAlertId = (now?: number) => `alert-${timeOrderedId(now)}`;

/** A destination as stored: the URL and signing secret are kept here and nowhere else. */
export interface StoredAlertDestination {
  id: string;
  type: AlertDestinationType;
  name: string;
  /** As given (deduplicated), so kinds a newer hub knows survive a rollback. */
  kinds: string[];
  enabled: boolean;
  verified_at: string | null;
  /** The webhook URL (a Slack incoming-webhook URL for `slack`). */
  url: string;
  /** `webhook` only. */
  signing_secret: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Every destination of one project, in one object: `alerts/<pid>/destinations`. */
export interface ProjectAlertSet<Destination = SealedAlertDestination> {
  schema_version: 1;
  project_id: string;
  /** Ascending by id, which is by creation time. */
  destinations: Destination[];
}

/** A destination as the store holds it: URL and signing secret sealed (docs/secrets-at-rest.md). */
export type SealedAlertDestination = Omit<StoredAlertDestination, 'url' | 'signing_secret'> & { url: StoredSecret; signing_secret: StoredSecret | null };

/**
 * The set with every URL and signing secret sealed (sealed ones kept), each bound to its
 * destination: every write, and the migration of old records.
 */
export function sealAlertSet(box: SecretBox, key: string, set: ProjectAlertSet<SealedAlertDestination>): { record: ProjectAlertSet; sealed: number } {
  let sealed = 0;
  const destinations = set.destinations.map((destination) => {
    sealed += plaintextCount(destination.url, destination.signing_secret);
    return {
      ...destination,
      url: sealValue(box, destination.url, key, `${destination.id}.url`),
      signing_secret: sealOptional(box, destination.signing_secret, key, `${destination.id}.signing_secret`),
    };
  });
  return { record: { ...set, destinations }, sealed };
}

function openDestination(box: SecretBox, key: string, destination: SealedAlertDestination): StoredAlertDestination {
  return {
    ...destination,
    url: openValue(box, destination.url, key, `${destination.id}.url`),
    signing_secret: openOptional(box, destination.signing_secret, key, `${destination.id}.signing_secret`),
  };
}

interface CommonView {
  id: string;
  name: string;
  kinds: (AlertKind | 'unknown')[];
  enabled: boolean;
  verified_at: string | null;
  endpoint_host: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** What the API shows (docs/alerts.md): secrets only as flags that say they are set. */
export type AlertDestinationView =
  (CommonView & { type: 'slack'; webhook_url_set: true }) | (CommonView & { type: 'webhook'; url_set: true; signing_secret_set: true });

export function destinationView(stored: StoredAlertDestination): AlertDestinationView {
  const common: CommonView = {
    id: stored.id,
    name: stored.name,
    kinds: presentAlertKinds(stored.kinds),
    enabled: stored.enabled,
    verified_at: stored.verified_at,
    endpoint_host: endpointHost(stored.url),
    created_by: stored.created_by,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
  return stored.type === 'slack'
    ? { ...common, type: 'slack', webhook_url_set: true }
    : { ...common, type: 'webhook', url_set: true, signing_secret_set: true };
}

/**
 * Persistence of a project's destinations. The whole set is one object changed by
 * compare-and-swap, so the per-project capacity holds exactly under concurrent creates, and a
 * delivery reads one object per event.
 */
export class AlertDestinationRecords {
  constructor(
    private readonly store: ObjectStore,
    private readonly box: SecretBox,
  ) {}

  async all(projectId: string): Promise<StoredAlertDestination[]> {
    const key = layout.alertDestinations(projectId);
    const found = await getJson<ProjectAlertSet>(this.store, key);
    return (found?.value.destinations ?? []).map((destination) => openDestination(this.box, key, destination));
  }

  /**
   * Replaces the set with what `change` returns, and returns its `result` from the run that
   * committed. `change` may run again after a lost race and may throw to refuse the change.
   */
  async change<T>(projectId: string, change: (current: StoredAlertDestination[]) => { next: StoredAlertDestination[]; result: T }): Promise<T> {
    let result: T | undefined;
    const key = layout.alertDestinations(projectId);
    await updateJson<ProjectAlertSet>(this.store, key, (current) => {
      const outcome = change((current?.destinations ?? []).map((destination) => openDestination(this.box, key, destination)));
      result = outcome.result;
      const destinations = [...outcome.next].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return sealAlertSet(this.box, key, { schema_version: 1, project_id: projectId, destinations }).record;
    });
    return result as T;
  }
}
