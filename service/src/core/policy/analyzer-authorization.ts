import type { AuthorizationResult, AuthorizationStageInput, LoginResult, ResourceInput } from './analyzer-types.js';
import { decide, type PolicyResource, type PolicySubject, type ProjectFacts } from './engine.js';
import type { LabelPolicy, SecurityContext, SecurityLabels } from './security-labels.js';

/** The id a synthetic project has when the case names none (token scopes compare project ids). */
export const SYNTHETIC_PROJECT_ID = 'proj-0000000000000000';

export interface AuthorizationEnvironment {
  labels: LabelPolicy;
  now: Date;
  /** The caller's own security context (`context: {mode: live-self}`). */
  liveContext: SecurityContext | null;
  /** The stored project's facts, null when there is no such project. */
  storedProject(projectId: string): Promise<ProjectFacts | null>;
  /** Whether the hub knows a user with this id and that user is suspended. */
  isSuspended(userId: string): Promise<boolean>;
  /** What a synthetic session shares when the case does not say: the deployment's setting. */
  editorSandboxSharing: 'shared' | 'exclusive';
}

export type AuthorizationOutcome = { result: AuthorizationResult } | { error: string };

/**
 * Runs one authorization stage through the engine the routes use. Only what the engine is given
 * is built here; whatever it decides is reported unchanged.
 */
export async function evaluateAuthorization(
  input: AuthorizationStageInput,
  login: LoginResult | null,
  env: AuthorizationEnvironment,
): Promise<AuthorizationOutcome> {
  const { subject: described } = input;
  let entitlements = described.entitlements ?? [];
  let groups: string[] = [];
  if (described.entitlement_source === 'login') {
    // A subject who cannot sign in never holds a session to be authorized with.
    if (!login || login.outcome !== 'allow') return { error: 'login-not-allowed' };
    entitlements = login.entitlements;
    groups = login.groups;
  }
  const resource = await resourceOf(input.resource, env);
  if ('error' in resource) return resource;

  const subject: PolicySubject = {
    id: described.id,
    email: described.email,
    entitlements,
    groups,
    suspended: await env.isSuspended(described.id),
    grant: described.grant ?? null,
  };
  const context = input.context.mode === 'live-self' ? env.liveContext : input.context.value;
  const decision = decide(subject, input.action, resource.value, context, { labels: env.labels, now: env.now });
  const { expected } = input;
  const passed = decision.allowed === expected.allowed && (expected.denial_category === undefined || decision.category === expected.denial_category);
  return {
    result: {
      decision: {
        allowed: decision.allowed,
        role: decision.role,
        ...(decision.category ? { category: decision.category } : {}),
        ...(decision.constraint_reason ? { constraint_reason: decision.constraint_reason } : {}),
      },
      presentation: decision.presentation,
      trace: decision.trace,
      assertion: { passed, expected },
    },
  };
}

/**
 * Stored resources take the project from the store. Stored notebooks and sessions are not read
 * (yet), so a stored case naming one is not evaluated and says so instead of guessing.
 */
async function resourceOf(input: ResourceInput, env: AuthorizationEnvironment): Promise<{ value: PolicyResource } | { error: string }> {
  if (input.source === 'stored') {
    if (input.kind === 'session' || input.session_id !== undefined) return { error: 'stored-session-unavailable' };
    if (input.notebook_id !== undefined) return { error: 'stored-notebook-unavailable' };
    if (input.kind === 'deployment') return { value: { kind: 'deployment' } };
    const project = await env.storedProject(input.project_id!);
    return { value: { kind: input.kind, project, ...(input.mode ? { mode: input.mode } : {}) } };
  }
  const described = input.project;
  const project: ProjectFacts | null = described
    ? {
        id: input.project_id ?? SYNTHETIC_PROJECT_ID,
        owner: described.owner,
        status: described.status ?? 'active',
        members: described.members ?? [],
        group_members: [],
        default_role: null,
        security_labels: labelsOf(described.security_labels),
      }
    : null;
  const session = input.session;
  return {
    value: {
      kind: input.kind,
      project,
      notebook_labels: labelsOf(input.notebook_labels),
      ...(session
        ? {
            session: {
              user_id: session.user_id,
              mode: session.mode ?? 'edit',
              ephemeral: session.ephemeral ?? false,
              editor_sandbox_sharing: session.editor_sandbox_sharing ?? env.editorSandboxSharing,
            },
          }
        : {}),
      ...(input.mode ? { mode: input.mode } : {}),
    },
  };
}

function labelsOf(labels: SecurityLabels | null | undefined): SecurityLabels | null {
  return labels ? { classification: labels.classification, compartments: [...new Set(labels.compartments)].sort() } : null;
}
