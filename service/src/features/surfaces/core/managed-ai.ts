import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { AiProvider, AiProviderAnswer, ManagedAiSettings } from '../../../core/ports/ai-provider.js';
import type { SessionRecord } from '../../../core/sessions/session-model.js';
import type { SessionStore } from '../../../core/sessions/session-store.js';
import type { ManagedAiOffer } from '../../../core/ports/surface-launcher.js';
import type { SurfaceConfig } from '../../../core/ports/surface-model.js';

/** Where the provider's URL, key and models come from, the deployment's settings or an integration. */
export interface ManagedAiProviderConfig {
  baseUrl: string;
  apiKey: string | null;
  models: string[];
}

/** The organization's `openai` integration marked for managed AI (the integrations feature provides it; compose links them). */
export interface HubAiProviderSource {
  /** Null: there is none. Throws when its key cannot be read. */
  hubAiProvider(): Promise<(ManagedAiProviderConfig & { integrationId: string }) | null>;
}

export interface ManagedAiDeps {
  /** SERVICE_AI_*: the deployment's provider, which wins over an integration. */
  settings: ManagedAiSettings | null;
  /** SERVICE_AI_SANDBOX_URL: the hub as sandboxes reach it, whichever provider serves. */
  sandboxUrl: string | null;
  /** The adapter that calls a provider (through the outbound policy). */
  providerFor(config: Pick<ManagedAiProviderConfig, 'baseUrl' | 'apiKey'>): AiProvider;
  sessions: SessionStore;
  audit: AuditLog;
  /** Sandboxes run on the hub's machine, so they reach it at its listen address. */
  sandboxesOnThisMachine: boolean;
  now?: () => number;
}

/** The provider as last resolved: ready to call, or why there is none. */
type Resolved = { config: ManagedAiProviderConfig; provider: AiProvider } | { unavailable: string };

/** How long a provider resolved from an integration is used before the integration is read again. */
const INTEGRATION_TTL_MS = 5_000;
const NO_PROVIDER =
  'OpenCode has no managed model: this hub has no AI provider configured (SERVICE_AI_BASE_URL and SERVICE_AI_MODELS, or an organization openai integration marked for managed AI)';

/** A session whose managed-AI credential {@link ManagedAi.admit} accepted. */
export type AdmittedSession = SessionRecord & { readonly __admitted: unique symbol };

/** Where the managed endpoint is served, under the hub's base URL. */
export const MANAGED_AI_PATH = '/ai/v1';
const CREDENTIAL_PREFIX = 'nbhai';
const ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * OpenCode's managed model (docs/surfaces.md, "Managed AI"): the sandbox gets a credential for the
 * hub's own OpenAI-compatible endpoint, good only while the session and its OpenCode run; the hub
 * checks it on every call, forwards the call to the deployment's provider with the deployment's
 * key, and writes `session.ai.request` to the audit log. The key never enters a sandbox.
 *
 * The credential is derived from the OpenCode start's own secret (kept on the session record), so
 * every replica can check it and it dies with that start.
 */
export class ManagedAi {
  private listenUrl: string | null = null;
  private integrations: HubAiProviderSource | null = null;
  /** The settings' provider for good, or the integration's as last read (and when). */
  private resolved: { at: number; value: Resolved } | null = null;
  private resolving: Promise<Resolved> | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: ManagedAiDeps) {
    this.now = deps.now ?? Date.now;
    if (deps.settings) this.resolved = { at: Infinity, value: { config: deps.settings, provider: deps.providerFor(deps.settings) } };
  }

  /** Where an organization integration may provide the provider (linked once every feature is built). */
  useIntegrations(source: HubAiProviderSource | null): void {
    this.integrations = source;
    if (!this.deps.settings) this.resolved = null;
  }

  /**
   * The provider now: the deployment's settings, else the organization's integration, read again
   * once {@link INTEGRATION_TTL_MS} old (a changed key or model is taken within seconds), or at
   * once when `fresh` (a start of OpenCode, which keeps what it is given).
   */
  async provider(options: { fresh?: boolean } = {}): Promise<Resolved> {
    const known = this.resolved;
    if (known && (known.at === Infinity || (!options.fresh && this.now() - known.at < INTEGRATION_TTL_MS))) return known.value;
    this.resolving ??= this.resolveIntegration().finally(() => (this.resolving = null));
    return this.resolving;
  }

  private async resolveIntegration(): Promise<Resolved> {
    let value: Resolved;
    try {
      const found = (await this.integrations?.hubAiProvider()) ?? null;
      const current = this.resolved?.value;
      const same = found && current && 'config' in current && JSON.stringify(current.config) === JSON.stringify(pick(found));
      value = found === null ? { unavailable: NO_PROVIDER } : same ? current : { config: pick(found), provider: this.deps.providerFor(pick(found)) };
    } catch (error) {
      value = {
        unavailable: `OpenCode has no managed model: the key of the organization's AI provider integration cannot be read (${(error as Error).message})`,
      };
    }
    this.resolved = { at: this.now(), value };
    return value;
  }

  /** The hub's base URL (its base path included) once it listens; sandboxes on this machine use it. */
  listening(baseUrl: string): void {
    this.listenUrl = baseUrl.replace(/\/+$/, '');
    // Read once now, so that the first surface answered already knows the organization's provider.
    void this.provider().catch(() => {});
  }

  /**
   * Why a managed model cannot be offered in this deployment, or null when it can, as of the
   * provider last resolved (a stale answer asks for a fresh one, which the next call sees).
   */
  unavailable(surface: SurfaceConfig): string | null {
    if (surface.id !== 'opencode' || !surface.managed_ai) return null;
    const known = this.resolved;
    if (!known || this.now() - known.at >= INTEGRATION_TTL_MS) void this.provider().catch(() => {});
    return this.whyNot(known?.value ?? { unavailable: NO_PROVIDER });
  }

  private whyNot(resolved: Resolved): string | null {
    if ('unavailable' in resolved) return resolved.unavailable;
    if (this.hubUrlForSandboxes() === null)
      return "OpenCode has no managed model: the hub does not know how sandboxes reach it; set SERVICE_AI_SANDBOX_URL to the hub's URL as sandboxes see it";
    return null;
  }

  /** What this start of OpenCode gets (null when no managed model can be offered). */
  async offer(record: SessionRecord, surface: SurfaceConfig, secret: string): Promise<ManagedAiOffer | null> {
    if (surface.id !== 'opencode' || !surface.managed_ai) return null;
    const resolved = await this.provider({ fresh: true });
    if (this.whyNot(resolved) !== null || !('config' in resolved)) return null;
    return {
      // Not unavailable: a provider is configured and sandboxes know where the hub is.
      baseUrl: `${this.hubUrlForSandboxes()!}${MANAGED_AI_PATH}`,
      apiKey: `${CREDENTIAL_PREFIX}.${record.project_id}.${record.id}.${mac(secret, record)}`,
      models: resolved.config.models,
      displayName: 'Notebook Hub AI',
    };
  }

  /** The models offered, in the provider's list format, for a holder of a valid credential. */
  async models(credential: string | null): Promise<{ object: 'list'; data: { id: string; object: 'model'; owned_by: string }[] }> {
    await this.admit(credential);
    const { config } = await this.ready();
    return { object: 'list', data: config.models.map((id) => ({ id, object: 'model' as const, owned_by: 'notebook-hub' })) };
  }

  /** The provider to call, or SERVICE_UNAVAILABLE when there is none. */
  private async ready(): Promise<{ config: ManagedAiProviderConfig; provider: AiProvider }> {
    const resolved = await this.provider();
    if ('unavailable' in resolved) throw new HubError('SERVICE_UNAVAILABLE', 'this hub has no AI provider configured');
    return resolved;
  }

  /**
   * Forwards a chat completion to the provider for the session a credential was admitted for (see
   * {@link admit}, which a caller asks before it reads the body): only the models offered, the
   * answer passed on as it streams. Each call is audited with its outcome.
   */
  async chatCompletions(record: AdmittedSession, body: Uint8Array, signal: AbortSignal): Promise<AiProviderAnswer> {
    const request = parseRequest(body);
    const { config, provider } = await this.ready();
    const models = config.models;
    if (!models.includes(request.model))
      throw new HubError('VALIDATION_ERROR', `model ${JSON.stringify(request.model.slice(0, 200))} is not offered here; use one of ${models.join(', ')}`);
    const audit = (outcome: Record<string, unknown>) =>
      this.deps.audit.append({
        event: 'session.ai.request',
        actor: record.user_id,
        projectId: record.project_id,
        metadata: { session_id: record.id, notebook_id: record.notebook_id, model: request.model, stream: request.stream, ...outcome },
      });
    let answer: AiProviderAnswer;
    try {
      answer = await provider.post('chat/completions', body, signal);
    } catch (error) {
      await audit({ status: null, error: (error as Error).message.slice(0, 300) });
      throw new HubError('SERVICE_UNAVAILABLE', `the AI provider did not answer: ${(error as Error).message}`);
    }
    await audit({ status: answer.status });
    return answer;
  }

  /** The session behind a credential, while it and the OpenCode it was made for run; else UNAUTHORIZED. */
  async admit(credential: string | null): Promise<AdmittedSession> {
    const refused = new HubError('UNAUTHORIZED', 'this managed-AI credential is not valid: it belongs to an OpenCode that has stopped, or to none');
    await this.ready();
    const parts = credential?.split('.') ?? [];
    const [prefix, projectId, sessionId, given] = parts;
    if (parts.length !== 4 || prefix !== CREDENTIAL_PREFIX || !ID.test(projectId!) || !ID.test(sessionId!)) throw refused;
    const record = await this.deps.sessions.get(projectId!, sessionId!).catch(() => null);
    const opencode = record?.surfaces?.opencode;
    if (!record || record.state !== 'running' || !opencode?.secret || !['starting', 'running'].includes(opencode.state)) throw refused;
    if (opencode.sandbox_id !== record.sandbox?.id) throw refused;
    const expected = Buffer.from(mac(opencode.secret, record));
    const presented = Buffer.from(given!);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw refused;
    return record as AdmittedSession;
  }

  private hubUrlForSandboxes(): string | null {
    return this.deps.settings?.sandboxUrl ?? this.deps.sandboxUrl ?? (this.deps.sandboxesOnThisMachine ? this.listenUrl : null);
  }
}

const pick = (found: ManagedAiProviderConfig): ManagedAiProviderConfig => ({ baseUrl: found.baseUrl, apiKey: found.apiKey, models: found.models });

function mac(secret: string, record: Pick<SessionRecord, 'project_id' | 'id'>): string {
  return createHmac('sha256', secret).update(`managed-ai:${record.project_id}:${record.id}`).digest('base64url');
}

function parseRequest(body: Uint8Array): { model: string; stream: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    throw new HubError('VALIDATION_ERROR', 'the request body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new HubError('VALIDATION_ERROR', 'the request body must be a JSON object');
  const { model, stream } = parsed as { model?: unknown; stream?: unknown };
  if (typeof model !== 'string') throw new HubError('VALIDATION_ERROR', 'the request names no model');
  return { model, stream: stream === true };
}
