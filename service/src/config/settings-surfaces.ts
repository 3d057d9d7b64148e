import type { SurfaceConfig } from '../core/ports/surface-model.js';
import type { ManagedAiSettings } from '../core/ports/ai-provider.js';
import { ConfigError, httpUrl, list, text, type Env, type SettingDefinition } from './parse.js';

export const surfaceSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_SURFACES', group: 'sessions', name: 'VS Code and OpenCode: which ones, started and shown how (JSON)', secret: false },
  { key: 'SERVICE_SURFACE_DOMAIN', group: 'sessions', name: 'VS Code and OpenCode: the domain their own hosts are under', secret: false },
  { key: 'SERVICE_SURFACE_RUNTIME_DIR', group: 'sessions', name: 'VS Code and OpenCode: install folder (local driver)', secret: false },
  { key: 'SERVICE_AI_BASE_URL', group: 'sessions', name: "Managed AI: the OpenAI-compatible provider's base URL", secret: false },
  { key: 'SERVICE_AI_API_KEY', group: 'sessions', name: "Managed AI: the provider's API key", secret: true },
  { key: 'SERVICE_AI_MODELS', group: 'sessions', name: 'Managed AI: the models offered (comma-separated)', secret: false },
  { key: 'SERVICE_AI_SANDBOX_URL', group: 'sessions', name: 'Managed AI: the hub as sandboxes reach it', secret: false },
];

/**
 * The deployment's AI provider for OpenCode's managed model (docs/surfaces.md, "Managed AI"), or
 * null when none is configured. The key stays in the hub: sandboxes get a session's own credential.
 */
export function readManagedAiSettings(env: Env): ManagedAiSettings | null {
  const baseUrl = httpUrl(env, 'SERVICE_AI_BASE_URL');
  const models = list(env, 'SERVICE_AI_MODELS');
  const sandboxUrl = httpUrl(env, 'SERVICE_AI_SANDBOX_URL');
  if (baseUrl === undefined) {
    // SERVICE_AI_SANDBOX_URL alone serves a provider kept as an organization integration (readAiSandboxUrl).
    for (const key of ['SERVICE_AI_API_KEY', 'SERVICE_AI_MODELS'])
      if (text(env, key) !== undefined) throw new ConfigError(key, 'is set but SERVICE_AI_BASE_URL is not: name the provider first');
    return null;
  }
  if (models.length === 0) throw new ConfigError('SERVICE_AI_MODELS', 'must name at least one model the provider at SERVICE_AI_BASE_URL serves');
  const badModel = models.find((model) => !/^[\w.:/@-]{1,200}$/.test(model));
  if (badModel !== undefined) throw new ConfigError('SERVICE_AI_MODELS', `${JSON.stringify(badModel)} is not a model id`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: text(env, 'SERVICE_AI_API_KEY') ?? null,
    models,
    sandboxUrl: sandboxUrl?.replace(/\/+$/, '') ?? null,
  };
}

/** The hub as sandboxes reach it, for managed AI whichever provider serves it (SERVICE_AI_SANDBOX_URL); null: unset. */
export function readAiSandboxUrl(env: Env): string | null {
  return httpUrl(env, 'SERVICE_AI_SANDBOX_URL')?.replace(/\/+$/, '') ?? null;
}

const DOMAIN = /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function readSurfaceDomain(env: Env): string | null {
  const domain = text(env, 'SERVICE_SURFACE_DOMAIN')?.toLowerCase().replace(/^\*\./, '');
  if (domain === undefined) return null;
  if (!DOMAIN.test(domain))
    throw new ConfigError('SERVICE_SURFACE_DOMAIN', `must be a domain name such as surfaces.hub.example.org, got ${JSON.stringify(domain)}`);
  return domain;
}

const FIELDS = {
  vscode: { flavor: ['code-server', 'openvscode'], start: ['on-demand', 'eager'], embed: ['tab', 'iframe'] },
  opencode: { start: ['on-demand', 'eager'], embed: ['tab', 'iframe'] },
} as const;

/**
 * `SERVICE_SURFACES`: the secondary surfaces edit sessions offer (docs/surfaces.md), e.g.
 * `[{"id":"vscode"},{"id":"opencode","embed":"iframe"}]`. Fields left out take their defaults:
 * code-server, started on demand, opened in a tab, no managed AI.
 */
export function readSurfaceSettings(env: Env): SurfaceConfig[] {
  const raw = text(env, 'SERVICE_SURFACES');
  if (raw === undefined) return [];
  const fail = (why: string): never => {
    throw new ConfigError('SERVICE_SURFACES', `must be a JSON array of {id: "vscode"|"opencode", start?, embed?, flavor?, managed_ai?}: ${why}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail('not valid JSON');
  }
  if (!Array.isArray(parsed)) fail('expected an array');
  const seen = new Set<string>();
  return (parsed as unknown[]).map((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) fail(`item ${index} is not an object`);
    const entry = item as Record<string, unknown>;
    const id = entry.id;
    if (id !== 'vscode' && id !== 'opencode') return fail(`item ${index} has id ${JSON.stringify(id)}; use "vscode" or "opencode"`);
    if (seen.has(id)) fail(`${id} is listed twice`);
    seen.add(id);
    const allowed: Record<string, readonly string[]> = FIELDS[id];
    const pick = (field: string, fallback: string): string => {
      const value = entry[field] ?? fallback;
      if (typeof value !== 'string' || !allowed[field]!.includes(value)) fail(`${id}.${field} must be one of ${allowed[field]!.join(', ')}`);
      return value as string;
    };
    const known = id === 'vscode' ? ['id', 'flavor', 'start', 'embed'] : ['id', 'start', 'embed', 'managed_ai'];
    const extra = Object.keys(entry).find((key) => !known.includes(key));
    if (extra !== undefined) fail(`${id} has no field ${extra}`);
    const start = pick('start', 'on-demand') as SurfaceConfig['start'];
    const embed = pick('embed', 'tab') as SurfaceConfig['embed'];
    if (id === 'vscode') return { id, flavor: pick('flavor', 'code-server') as 'code-server' | 'openvscode', start, embed };
    if (entry.managed_ai !== undefined && typeof entry.managed_ai !== 'boolean') fail('opencode.managed_ai must be true or false');
    return { id, start, embed, managed_ai: entry.managed_ai === true };
  });
}
