import { randomBytes } from 'node:crypto';
import { newSessionId } from '../ids.js';
import type { Logger } from '../ports/logger.js';
import type { NotebookRuntime } from '../ports/notebook-runtime.js';
import type { ComputeResources, PortEndpoint, Sandbox, SandboxDriver, SandboxProcess } from '../ports/sandbox-driver.js';
import { getJson, jsonBody } from '../store/cas.js';
import { PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { WarmEnvironments } from '../sandboxes/notebook-environments.js';
import { openValue, plaintextCount, sealValue, type StoredSecret } from '../secrets/sealed-values.js';
import { layout } from '../storage-layout.js';
import type { SealedRecordKind } from '../secrets/sealed-records.js';

/** The file a warm sandbox's marimo serves; a session whose notebook lives elsewhere starts cold. */
export const WARM_ENTRY_FILE = 'notebook.py';

/**
 * A started edit sandbox waiting for a session: `warm-pool/<session id>`. marimo's base URL is
 * fixed when it starts and must be the session's proxy path, so the sandbox reserves the id of
 * the session that will claim it. Claimed by deleting the record conditionally: one winner.
 */
export interface WarmSandbox {
  schema_version: 1;
  session_id: string;
  sandbox: Sandbox;
  endpoint: PortEndpoint;
  secret: string;
  compute_profile: string;
  created_at: string;
  /** The locked environment its marimo was started in (docs/environments.md); null or absent: none, for notebooks without dependencies. */
  environment_id?: string | null;
}

/** A warm sandbox as the store holds it: marimo's secret sealed (docs/secrets-at-rest.md). */
export type StoredWarmSandbox = Omit<WarmSandbox, 'secret'> & { secret: StoredSecret };

/** The record with its secret sealed (a sealed one kept): every write, and the migration of old records. */
export function sealWarmSandbox(box: SecretBox, key: string, warm: StoredWarmSandbox): { record: StoredWarmSandbox; sealed: number } {
  return { record: { ...warm, secret: sealValue(box, warm.secret, key, 'secret') }, sealed: plaintextCount(warm.secret) };
}

export interface WarmPoolConfig {
  /** Warm sandboxes for notebooks without dependencies. */
  size: number;
  /** How many of the locked environments most recently started in get warm sandboxes of their own. */
  environments: number;
  /** The most warm sandboxes those environments hold in all (spread over them, newest first). */
  environmentSandboxes: number;
  maxAgeMs: number;
  computeProfile: string;
  compute: ComputeResources;
  readyTimeoutMs: number;
}

export interface WarmPoolDeps {
  store: ObjectStore;
  /** Seals the secret of each warm sandbox's marimo in its record. */
  secrets: SecretBox;
  driver: SandboxDriver;
  runtime: NotebookRuntime;
  logger: Logger;
  /** What the warm marimo opens until a session writes its own notebook over it. */
  placeholderNotebook: string;
  config: WarmPoolConfig;
  now: () => Date;
  /** Ports an edit sandbox opens beside marimo's (its surfaces', docs/surfaces.md). */
  surfacePorts?: string[];
  /** The locked environments to keep warm sandboxes for (none without). */
  environments?: WarmEnvironments;
}

/** A pool slot's key: a locked environment's identity, or null for notebooks without dependencies. */
type Slot = string | null;

/**
 * How many warm sandboxes each slot should hold: `size` for notebooks without dependencies, and the
 * environment budget spread over the `recent` environments (newest first), one each in turn.
 */
export function plannedSlots(size: number, recent: string[], budget: number): Map<Slot, number> {
  const planned = new Map<Slot, number>();
  if (size > 0) planned.set(null, size);
  for (let index = 0; recent.length > 0 && index < budget; index++) {
    const id = recent[index % recent.length]!;
    planned.set(id, (planned.get(id) ?? 0) + 1);
  }
  return planned;
}

export class WarmPool {
  /** Server processes of the sandboxes started here, by sandbox id (gone once they exit). */
  private readonly processes = new Map<string, SandboxProcess>();

  constructor(private readonly deps: WarmPoolDeps) {}

  get enabled(): boolean {
    const { size, environments, environmentSandboxes } = this.deps.config;
    return size > 0 || (this.deps.environments !== undefined && environments > 0 && environmentSandboxes > 0);
  }

  get computeProfile(): string {
    return this.deps.config.computeProfile;
  }

  /**
   * The marimo process of a warm sandbox this pool started in this hub process (null otherwise):
   * the session that claims the sandbox hands it to the supervisor (docs/sessions.md).
   */
  serverProcess(sandboxId: string): SandboxProcess | null {
    return this.processes.get(sandboxId) ?? null;
  }

  /** Takes a warm sandbox of the environment (null: without dependencies) out of the pool, or null when none is ready. */
  async claim(environmentId: string | null = null): Promise<WarmSandbox | null> {
    if (!this.enabled) return null;
    for (const key of await this.keys()) {
      const found = await getJson<StoredWarmSandbox>(this.deps.store, key);
      if (!found || this.expired(found.value) || (found.value.environment_id ?? null) !== environmentId) continue;
      try {
        await this.deps.store.delete(key, { ifMatch: found.etag });
        return { ...found.value, secret: openValue(this.deps.secrets, found.value.secret, key, 'secret') };
      } catch (error) {
        if (!(error instanceof PreconditionFailedError)) throw error;
      }
    }
    return null;
  }

  /** Puts back a sandbox claimed for a start that did not happen (its editor claim was taken). */
  async giveBack(warm: WarmSandbox): Promise<void> {
    try {
      await this.put(warm);
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
    }
  }

  /** The sandboxes the pool holds (the reaper leaves them alone). */
  async sandboxIds(): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const key of await this.keys()) {
      const found = await getJson<StoredWarmSandbox>(this.deps.store, key);
      if (found) ids.add(found.value.sandbox.id);
    }
    return ids;
  }

  /**
   * One pass of the warm_pool loop: retires sandboxes that are too old, no longer running, or of an
   * environment no longer among the most recently started, then starts new ones until each slot
   * is full (an environment that is no longer built is skipped).
   */
  async refill(signal: AbortSignal): Promise<{ started: number; retired: number }> {
    const { config, environments } = this.deps;
    const recent = this.enabled && environments && config.environmentSandboxes > 0 ? await environments.recent(config.environments) : [];
    const missing = plannedSlots(this.enabled ? config.size : 0, recent, config.environmentSandboxes);
    const alive = new Set((await this.deps.driver.list()).filter((sandbox) => sandbox.state === 'running').map((sandbox) => sandbox.id));
    let retired = 0;
    for (const key of await this.keys()) {
      const found = await getJson<StoredWarmSandbox>(this.deps.store, key);
      if (!found) continue;
      const slot = found.value.environment_id ?? null;
      const wanted = missing.get(slot) ?? 0;
      if (!this.expired(found.value) && alive.has(found.value.sandbox.id) && wanted > 0) {
        missing.set(slot, wanted - 1);
        continue;
      }
      try {
        await this.deps.store.delete(key, { ifMatch: found.etag });
      } catch (error) {
        if (error instanceof PreconditionFailedError) continue; // claimed meanwhile
        throw error;
      }
      await this.deps.driver.destroy(found.value.sandbox.id);
      retired++;
    }
    let started = 0;
    for (const [slot, count] of missing) {
      for (let index = 0; index < count && !signal.aborted; index++) {
        if (!(await this.start(slot))) break;
        started++;
      }
    }
    return { started, retired };
  }

  /** Starts a warm sandbox for the slot; false when its environment is not built (any more). */
  private async start(environmentId: Slot): Promise<boolean> {
    const { driver, runtime, config } = this.deps;
    const sessionId = newSessionId(this.deps.now().getTime());
    const secret = randomBytes(32).toString('base64url');
    // No session_id label: until the record below exists the reaper's grace period protects it.
    const sandbox = await driver.create({
      compute: config.compute,
      ports: ['marimo', ...(this.deps.surfacePorts ?? [])],
      labels: { purpose: 'warm-pool', warm_session_id: sessionId },
    });
    try {
      await driver.waitReady(sandbox.id, { timeoutMs: config.readyTimeoutMs });
      // Its marimo, and every kernel it starts, runs in the environment from the first.
      const env = environmentId === null ? {} : await this.deps.environments?.enter(environmentId, sandbox.id);
      if (!env) {
        await driver.destroy(sandbox.id).catch(() => {});
        return false;
      }
      await driver.writeFile(sandbox.id, WARM_ENTRY_FILE, this.deps.placeholderNotebook);
      const server = await runtime.startServer(sandbox, {
        mode: 'edit',
        notebook: WARM_ENTRY_FILE,
        baseUrl: `/s/${sessionId}`,
        token: secret,
        env,
        readyTimeoutMs: config.readyTimeoutMs,
      });
      this.processes.set(sandbox.id, server.process);
      void server.process.exited.then(() => this.processes.delete(sandbox.id));
      const warm: WarmSandbox = {
        schema_version: 1,
        session_id: sessionId,
        sandbox,
        endpoint: server.endpoint,
        secret,
        compute_profile: config.computeProfile,
        created_at: this.deps.now().toISOString(),
        environment_id: environmentId,
      };
      await this.put(warm);
      return true;
    } catch (error) {
      await driver.destroy(sandbox.id).catch(() => {});
      throw error;
    }
  }

  private async put(warm: WarmSandbox): Promise<void> {
    const key = layout.warmSandbox(warm.session_id);
    await this.deps.store.put(key, jsonBody(sealWarmSandbox(this.deps.secrets, key, warm).record), { ifNoneMatch: '*' });
  }

  private expired(warm: Pick<WarmSandbox, 'created_at'>): boolean {
    return this.deps.now().getTime() - Date.parse(warm.created_at) >= this.deps.config.maxAgeMs;
  }

  private async keys(): Promise<string[]> {
    const keys: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.deps.store.list(layout.warmPoolPrefix, { cursor });
      keys.push(...page.items.map((item) => item.key));
      cursor = page.nextCursor;
    } while (cursor);
    return keys;
  }
}

/** Warm sandboxes' records, which hold their notebook server's token. */
export const WARM_SANDBOX_SEALED_RECORDS: SealedRecordKind = {
  name: 'warm sandboxes',
  prefix: layout.warmPoolPrefix,
  holds: (key) => /^warm-pool\/[^/]+$/.test(key),
  sealPlaintext: (box, key, record) => sealWarmSandbox(box, key, record as StoredWarmSandbox),
};
