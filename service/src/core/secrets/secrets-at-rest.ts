import type { ObjectStore } from '../ports/object-store.js';
import { isSealedSecret, SecretUnreadableError, type SealedSecret, type SecretBox } from '../ports/secret-box.js';
import { getJson, jsonBody, parseJson, retryOnConflict, updateJson } from '../store/cas.js';
import { layout } from '../storage-layout.js';
import type { SealedRecordKind } from './sealed-records.js';

/**
 * `_system/secrets/state`: which key the store's secrets are under, and how far migration and
 * rotation got (docs/secrets-at-rest.md).
 */
export interface SecretsState {
  schema_version: 1;
  /**
   * A known text sealed under the key the store's secrets are under: a hub started with another
   * key finds out here, at start, rather than at the first secret it needs.
   */
  check: SealedSecret;
  /** When the plaintext secrets older hubs wrote were sealed; null: not yet. */
  plaintext_sealed_at: string | null;
  /** The latest rotation: re-wrapping every secret under `key_id`; unfinished while `finished_at` is null. */
  rotation: { key_id: string; started_at: string; finished_at: string | null } | null;
}

const CHECK_TEXT = 'notebook-hub sealed secrets';
const CHECK_CONTEXT = `${layout.secretsState}#check`;
/** Records read and written at once by a walk: enough to hide a remote store's latency, few enough to be gentle. */
const WALK_CONCURRENCY = 8;
const PROGRESS_EVERY = 500;

/** What a walk over every record with secrets did. */
export interface WalkOutcome {
  records: number;
  /** Plaintext secrets sealed. */
  sealed: number;
  /** Sealed secrets re-wrapped under the active key. */
  rewrapped: number;
  /** Records with a secret under a key this hub does not have (left as they are). */
  unreadable: { key: string; kid: string }[];
}

/** The store holds secrets sealed under a key this hub was not given, or its key does not open them. */
export class SecretsKeyMismatchError extends Error {
  constructor(
    readonly reason: 'unknown-key' | 'does-not-open',
    readonly kid: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'SecretsKeyMismatchError';
  }
}

/** Throws {@link SecretsKeyMismatchError} unless `box` opens the store's check (a store without one passes). */
export function verifySecretsKey(box: SecretBox, state: SecretsState | null): void {
  if (!state) return;
  try {
    if (box.open(state.check, CHECK_CONTEXT) === CHECK_TEXT) return;
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new SecretsKeyMismatchError(error.reason, error.kid, error.message);
  }
  throw new SecretsKeyMismatchError('does-not-open', state.check.kid, 'the store’s secrets check holds an unexpected text');
}

/**
 * The use cases behind sealed secrets that concern the whole store: the check at start, the
 * one-time sealing of plaintext left by older hubs, and key rotation. Every record is changed by
 * compare-and-swap, so hubs serving meanwhile lose no update, and every step can run again.
 */
export class SecretsAtRest {
  private readonly kinds: readonly SealedRecordKind[];
  private readonly now: () => Date;

  constructor(
    private readonly store: ObjectStore,
    private readonly box: SecretBox,
    /** Every kind of record with secrets: the base's and the features' (compose/features.ts). */
    options: { kinds: readonly SealedRecordKind[]; now?: () => Date },
  ) {
    this.kinds = options.kinds;
    this.now = options.now ?? (() => new Date());
  }

  static async readState(store: ObjectStore): Promise<SecretsState | null> {
    return (await getJson<SecretsState>(store, layout.secretsState))?.value ?? null;
  }

  /**
   * At every start: checks the key, then, once per store, seals the plaintext secrets that hubs
   * from before sealing wrote. Resolves to what the sealing did, or null when it was done before.
   */
  async prepare(progress: (line: string) => void = () => {}): Promise<{ state: SecretsState; migrated: WalkOutcome | null }> {
    const before = await SecretsAtRest.readState(this.store);
    verifySecretsKey(this.box, before);
    if (before?.plaintext_sealed_at) return { state: before, migrated: null };
    const migrated = await this.walk('seal', progress);
    if (migrated.unreadable.length > 0) throw this.unreadable(migrated.unreadable);
    const state = await this.changeState((current) => ({ ...current, plaintext_sealed_at: this.now().toISOString() }));
    return { state, migrated };
  }

  /** Whether a rotation to the active key was begun and not finished (it is resumed rather than begun again). */
  static rotationUnfinished(state: SecretsState | null, activeKeyId: string): boolean {
    return state?.rotation?.key_id === activeKeyId && state.rotation.finished_at === null;
  }

  /**
   * Re-wraps every sealed secret under the active key (and seals any plaintext left). Resumable:
   * a run that stops part-way is finished by running again; a secret already under the active key
   * is left alone. The rotation counts as finished only when no secret is left under another key.
   */
  async rotate(progress: (line: string) => void = () => {}): Promise<WalkOutcome & { finished: boolean }> {
    verifySecretsKey(this.box, await SecretsAtRest.readState(this.store));
    const startedAt = this.now().toISOString();
    await this.changeState((current) => ({
      ...current,
      rotation: SecretsAtRest.rotationUnfinished(current, this.box.activeKeyId)
        ? current.rotation
        : { key_id: this.box.activeKeyId, started_at: startedAt, finished_at: null },
    }));
    const outcome = await this.walk('rewrap', progress);
    const finished = outcome.unreadable.length === 0;
    if (finished) {
      const finishedAt = this.now().toISOString();
      await this.changeState((current) => ({
        ...current,
        check: this.box.rewrap(current.check),
        plaintext_sealed_at: current.plaintext_sealed_at ?? finishedAt,
        rotation: { key_id: this.box.activeKeyId, started_at: current.rotation?.started_at ?? startedAt, finished_at: finishedAt },
      }));
    }
    return { ...outcome, finished };
  }

  private unreadable(found: WalkOutcome['unreadable']): SecretsKeyMismatchError {
    const kids = [...new Set(found.map((item) => item.kid))];
    return new SecretsKeyMismatchError(
      'unknown-key',
      kids[0]!,
      `${found.length} stored record(s) hold secrets sealed under key(s) ${kids.join(', ')}, which this hub does not have (first: ${found[0]!.key})`,
    );
  }

  /** Changes the state record by compare-and-swap; a store without one gets one checked by the active key. */
  private async changeState(change: (current: SecretsState) => SecretsState): Promise<SecretsState> {
    const { value } = await updateJson<SecretsState>(this.store, layout.secretsState, (current) =>
      change(current ?? { schema_version: 1, check: this.box.seal(CHECK_TEXT, CHECK_CONTEXT), plaintext_sealed_at: null, rotation: null }),
    );
    return value!;
  }

  private async walk(mode: 'seal' | 'rewrap', progress: (line: string) => void): Promise<WalkOutcome> {
    const outcome: WalkOutcome = { records: 0, sealed: 0, rewrapped: 0, unreadable: [] };
    for (const kind of this.kinds) {
      const before = { ...outcome, unreadable: [...outcome.unreadable] };
      let reportAt = PROGRESS_EVERY;
      let cursor: string | null = null;
      do {
        const page = await this.store.list(kind.prefix, { cursor });
        const keys = page.items.map((item) => item.key).filter((key) => kind.holds(key));
        for (let start = 0; start < keys.length; start += WALK_CONCURRENCY) {
          await Promise.all(keys.slice(start, start + WALK_CONCURRENCY).map((key) => this.visit(kind, key, mode, outcome)));
          if (outcome.records - before.records >= reportAt) {
            progress(progressLine(kind, before, outcome));
            reportAt += PROGRESS_EVERY;
          }
        }
        cursor = page.nextCursor;
      } while (cursor);
      progress(progressLine(kind, before, outcome));
    }
    return outcome;
  }

  private async visit(kind: SealedRecordKind, key: string, mode: 'seal' | 'rewrap', outcome: WalkOutcome): Promise<void> {
    let sealed = 0;
    let rewrapped = 0;
    let unreadableKid: string | null = null;
    await retryOnConflict(key, async () => {
      const found = await this.store.get(key);
      if (!found) return;
      const result = kind.sealPlaintext(this.box, key, parseJson(key, found.body));
      const rewrite = mode === 'rewrap' ? rewrapAll(result.record, this.box) : { value: result.record, count: 0 };
      unreadableKid = firstUnknownKey(rewrite.value, this.box);
      [sealed, rewrapped] = [result.sealed, rewrite.count];
      if (sealed + rewrapped === 0) return;
      await this.store.put(key, jsonBody(rewrite.value), { ifMatch: found.etag });
    });
    outcome.records++;
    outcome.sealed += sealed;
    outcome.rewrapped += rewrapped;
    if (unreadableKid) outcome.unreadable.push({ key, kid: unreadableKid });
  }
}

function progressLine(kind: SealedRecordKind, before: WalkOutcome, now: WalkOutcome): string {
  const parts = [`${now.records - before.records} record(s) checked`];
  if (now.sealed > before.sealed) parts.push(`${now.sealed - before.sealed} plaintext secret(s) sealed`);
  if (now.rewrapped > before.rewrapped) parts.push(`${now.rewrapped - before.rewrapped} re-wrapped`);
  if (now.unreadable.length > before.unreadable.length) parts.push(`${now.unreadable.length - before.unreadable.length} under an unknown key`);
  return `${kind.name}: ${parts.join(', ')}`;
}

/** A copy of `value` with every sealed secret it holds re-wrapped under the active key; unknown keys are left as they are. */
function rewrapAll(value: unknown, box: SecretBox): { value: unknown; count: number } {
  let count = 0;
  const known = new Set(box.keyIds);
  const visit = (node: unknown): unknown => {
    if (isSealedSecret(node)) {
      if (node.kid === box.activeKeyId || !known.has(node.kid)) return node;
      count++;
      return box.rewrap(node);
    }
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node === 'object' && node !== null) return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, visit(child)]));
    return node;
  };
  return { value: visit(value), count };
}

function firstUnknownKey(value: unknown, box: SecretBox): string | null {
  if (isSealedSecret(value)) return box.keyIds.includes(value.kid) ? null : value.kid;
  const children = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [];
  for (const child of children) {
    const kid = firstUnknownKey(child, box);
    if (kid) return kid;
  }
  return null;
}
