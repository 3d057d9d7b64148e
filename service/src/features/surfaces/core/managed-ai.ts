import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { AiProvider, AiProviderAnswer, ManagedAiSettings } from '../../../core/ports/ai-provider.js';
import type { SessionRecord } from '../../../core/sessions/session-model.js';
import type { SessionStore } from '../../../core/sessions/session-store.js';
import type { ManagedAiOffer } from '../../../core/ports/surface-launcher.js';
import type { SurfaceConfig } from '../../../core/ports/surface-model.js';

export interface ManagedAiDeps {
  settings: ManagedAiSettings | null;
  provider: AiProvider | null;
  sessions: SessionStore;
  audit: AuditLog;
  /** Sandboxes run on the hub's machine, so they reach it at its listen address. */
  sandboxesOnThisMachine: boolean;
}

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

  constructor(private readonly deps: ManagedAiDeps) {}

  /** The hub's base URL (its base path included) once it listens; sandboxes on this machine use it. */
  listening(baseUrl: string): void {
    this.listenUrl = baseUrl.replace(/\/+$/, '');
  }

  /** Why a managed model cannot be offered in this deployment, or null when it can. */
  unavailable(surface: SurfaceConfig): string | null {
    if (surface.id !== 'opencode' || !surface.managed_ai) return null;
    if (this.deps.settings === null || this.deps.provider === null)
      return 'OpenCode has no managed model: this hub has no AI provider configured (SERVICE_AI_BASE_URL and SERVICE_AI_MODELS)';
    if (this.hubUrlForSandboxes() === null)
      return "OpenCode has no managed model: the hub does not know how sandboxes reach it; set SERVICE_AI_SANDBOX_URL to the hub's URL as sandboxes see it";
    return null;
  }

  /** What this start of OpenCode gets (null when no managed model can be offered). */
  offer(record: SessionRecord, surface: SurfaceConfig, secret: string): ManagedAiOffer | null {
    if (surface.id !== 'opencode' || !surface.managed_ai || this.unavailable(surface) !== null) return null;
    return {
      // Not unavailable: a provider is configured and sandboxes know where the hub is.
      baseUrl: `${this.hubUrlForSandboxes()!}${MANAGED_AI_PATH}`,
      apiKey: `${CREDENTIAL_PREFIX}.${record.project_id}.${record.id}.${mac(secret, record)}`,
      models: this.deps.settings!.models,
      displayName: 'Notebook Hub AI',
    };
  }

  /** The models offered, in the provider's list format, for a holder of a valid credential. */
  async models(credential: string | null): Promise<{ object: 'list'; data: { id: string; object: 'model'; owned_by: string }[] }> {
    await this.admit(credential);
    return { object: 'list', data: this.deps.settings!.models.map((id) => ({ id, object: 'model' as const, owned_by: 'notebook-hub' })) };
  }

  /**
   * Forwards a chat completion to the provider for the session a credential was admitted for (see
   * {@link admit}, which a caller asks before it reads the body): only the models offered, the
   * answer passed on as it streams. Each call is audited with its outcome.
   */
  async chatCompletions(record: AdmittedSession, body: Uint8Array, signal: AbortSignal): Promise<AiProviderAnswer> {
    const request = parseRequest(body);
    const models = this.deps.settings!.models;
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
      answer = await this.deps.provider!.post('chat/completions', body, signal);
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
    if (this.deps.settings === null || this.deps.provider === null) throw new HubError('SERVICE_UNAVAILABLE', 'this hub has no AI provider configured');
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
    return this.deps.settings?.sandboxUrl ?? (this.deps.sandboxesOnThisMachine ? this.listenUrl : null);
  }
}

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
