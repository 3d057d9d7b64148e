import type { SurfaceConfig } from '../../core/ports/surface-model.js';
import { Type, type Static } from 'typebox';
import type { HubSettings } from '../../config/settings.js';
import { ALERT_KINDS } from '../../core/ports/alert-kinds.js';
import { Nullable } from '../schemas.js';

const ComputeResources = { cpu: Type.Optional(Type.Number()), memory_bytes: Type.Optional(Type.Number()), gpu: Type.Optional(Type.String()) };
const Role = Nullable(Type.Enum(['manager', 'editor', 'viewer']));

export const Capabilities = Type.Object(
  {
    federation: Type.Object({ available: Type.Boolean() }),
    integrations: Type.Object({ available: Type.Boolean() }),
    source_control: Type.Object({
      change_request_providers: Type.Array(Type.String()),
      sync_providers: Type.Array(Type.String()),
      pull_source_providers: Type.Array(Type.String()),
    }),
    project_alerts: Type.Object({
      available: Type.Boolean(),
      destination_types: Type.Array(Type.Enum(['slack', 'webhook', 'unknown'])),
      selectable_kinds: Type.Array(Type.String()),
      max_destinations: Type.Integer({ minimum: 1 }),
    }),
    jobs: Type.Object({
      available: Type.Boolean(),
      max_per_notebook: Nullable(Type.Integer()),
      max_queued_runs_per_job: Nullable(Type.Integer({ minimum: 1 })),
      default_timeout_seconds: Nullable(Type.Integer()),
      max_timeout_seconds: Nullable(Type.Integer()),
      run_retention_days: Nullable(Type.Number()),
    }),
    data_browser: Type.Object({ available: Type.Boolean(), preview: Type.Boolean(), query: Type.Boolean(), ai_query: Type.Boolean() }),
    viewer_mode: Type.Enum(['static', 'applications', 'ephemeral-sandbox']),
    viewer_session_modes: Type.Array(Type.Enum(['edit', 'app'])),
    editor_sandbox_sharing: Type.Enum(['shared', 'exclusive']),
    default_role: Role,
    limits: Type.Object({
      max_concurrent_sessions_per_user: Nullable(Type.Number()),
      max_apps_per_project: Nullable(Type.Number()),
      max_request_bytes: Type.Number(),
      max_versions_per_notebook: Type.Number(),
      default_page_size: Type.Number(),
      max_page_size: Type.Number(),
    }),
    sandbox_images: Type.Array(Type.String()),
    sandbox_startup_timeout_seconds: Type.Number(),
    compute_profiles: Type.Array(Type.Object({ name: Type.String(), ...ComputeResources })),
    compute_profile_override: Type.Enum(['none', 'editors']),
    surfaces: Type.Array(
      Type.Union([
        Type.Object({
          id: Type.Literal('vscode'),
          flavor: Type.Enum(['code-server', 'openvscode']),
          start: Type.Enum(['on-demand', 'eager']),
          embed: Type.Enum(['tab', 'iframe']),
        }),
        Type.Object({
          id: Type.Literal('opencode'),
          start: Type.Enum(['on-demand', 'eager']),
          embed: Type.Enum(['tab', 'iframe']),
          managed_ai: Type.Boolean(),
        }),
      ]),
    ),
  },
  { $id: 'Capabilities' },
);

/** What the deployment's capabilities offer beyond their settings (each answers for its own). */
export interface DeploymentOffer {
  /** VS Code and OpenCode as this deployment's sandboxes can host them. */
  surfaces: SurfaceConfig[];
  /** The Git hosts whose repositories sync both ways and take change requests. */
  gitProviders: readonly string[];
  /** Whether sessions and job runs can get workload identity tokens: federation is on and its issuer URL usable. */
  workloadIdentity: boolean;
}

export const NOTHING_OFFERED: DeploymentOffer = { surfaces: [], gitProviders: [], workloadIdentity: false };

/**
 * What this deployment offers. A capability is reported available only when this build provides
 * it and the configuration enables it.
 */
export function capabilitiesOf(settings: HubSettings, { surfaces, gitProviders, workloadIdentity }: DeploymentOffer): Static<typeof Capabilities> {
  const { limits, sandboxes } = settings;
  return {
    federation: { available: workloadIdentity },
    integrations: { available: settings.integrations.enabled },
    // Repositories of the recognised providers sync both ways and take change requests.
    source_control: {
      change_request_providers: settings.git.enabled ? [...gitProviders] : [],
      sync_providers: settings.git.enabled ? [...gitProviders] : [],
      pull_source_providers: settings.git.enabled ? [...gitProviders] : [],
    },
    project_alerts: {
      available: true,
      destination_types: ['slack', 'webhook'],
      selectable_kinds: [...ALERT_KINDS],
      max_destinations: settings.alerts.maxDestinations,
    },
    // Jobs are accepted either way; only where SERVICE_JOBS=on does the scheduler run them (docs/jobs.md).
    jobs: {
      available: settings.jobs.enabled,
      max_per_notebook: settings.jobs.maxPerNotebook,
      max_queued_runs_per_job: settings.jobs.maxQueuedRunsPerJob,
      default_timeout_seconds: settings.jobs.defaultTimeoutSeconds,
      max_timeout_seconds: settings.jobs.maxTimeoutSeconds,
      run_retention_days: settings.jobs.runRetentionDays,
    },
    // Integration sources need integrations; a workspace can be browsed and previewed without them.
    data_browser: {
      available: settings.dataBrowser.enabled,
      preview: settings.dataBrowser.enabled,
      query: settings.dataBrowser.enabled && settings.integrations.enabled,
      ai_query: settings.dataBrowser.enabled && settings.integrations.enabled,
    },
    viewer_mode: sandboxes.viewerMode,
    viewer_session_modes: sandboxes.viewerMode === 'static' ? [] : sandboxes.viewerMode === 'applications' ? ['app'] : ['edit', 'app'],
    editor_sandbox_sharing: sandboxes.editorSandboxSharing,
    default_role: settings.auth.defaultRole,
    limits: {
      max_concurrent_sessions_per_user: limits.maxConcurrentSessionsPerUser,
      max_apps_per_project: limits.maxAppsPerProject,
      max_request_bytes: limits.maxRequestBytes,
      max_versions_per_notebook: limits.maxVersionsPerNotebook,
      default_page_size: limits.defaultPageSize,
      max_page_size: limits.maxPageSize,
    },
    sandbox_images: sandboxes.images,
    sandbox_startup_timeout_seconds: sandboxes.startupTimeoutSeconds,
    compute_profiles: sandboxes.computeProfiles,
    compute_profile_override: sandboxes.computeProfileOverride,
    surfaces,
  };
}
