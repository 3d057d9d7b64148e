import type { AuthorizationResult, AuthorizationStageInput, LoginResult, ResourceInput } from './analyzer-types.js';
import { decide, type PolicyResource, type PolicySubject, type ProjectFacts, type ViewerMode } from '../policy/engine.js';
import type { LabelPolicy, SecurityContext, SecurityLabels } from '../policy/security-labels.js';
import { notebookFacts, sessionFacts, type NamedFacts, type StoredNotebook, type StoredSession } from '../policy/stored-facts.js';

/** The id a synthetic project has when the case names none (token scopes compare project ids). */
export const SYNTHETIC_PROJECT_ID = 'proj-0000000000000000';

export interface AuthorizationEnvironment {
  labels: LabelPolicy;
  now: Date;
  /** The caller's own security context (`context: {mode: live-self}`). */
  liveContext: SecurityContext | null;
  /** The stored project's facts, null when there is no such project. */
  storedProject(projectId: string): Promise<ProjectFacts | null>;
  /** A notebook as the routes read it: null when the project has none by this id or it is deleted. */
  storedNotebook(projectId: string, notebookId: string): Promise<StoredNotebook | null>;
  /** A session of the project, in whatever state; null when there is none by this id. */
  storedSession(projectId: string, sessionId: string): Promise<StoredSession | null>;
  /** Whether the hub knows a user with this id and that user is suspended. */
  isSuspended(userId: string): Promise<boolean>;
  /** How the deployment lets viewers see notebooks: every session-start weighs it, as the routes do. */
  viewerMode: ViewerMode;
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

  const subject: PolicySubject = {
    id: described.id,
    email: described.email,
    entitlements,
    groups,
    suspended: await env.isSuspended(described.id),
    grant: described.grant ?? null,
  };
  const context = input.context.mode === 'live-self' ? env.liveContext : input.context.value;
  const decision = decide(subject, input.action, resource, context, { labels: env.labels, now: env.now });
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
 * Stored resources are read as the routes read them: the project, then the notebook the case
 * names (its labels, or that it is missing) or the session (its facts and its notebook's labels).
 */
async function resourceOf(input: ResourceInput, env: AuthorizationEnvironment): Promise<PolicyResource> {
  const start: Partial<PolicyResource> = input.kind === 'session-start' ? { viewer_mode: env.viewerMode, takeover: input.takeover ?? false } : {};
  if (input.source === 'stored') {
    if (input.kind === 'deployment') return { kind: 'deployment' };
    // Validation makes sure a stored project, session or session-start resource names its project.
    const projectId = input.project_id!;
    const project = await env.storedProject(projectId);
    let named: NamedFacts = {};
    if (input.kind === 'session') {
      const session = await env.storedSession(projectId, input.session_id!);
      named = sessionFacts(session, session ? await env.storedNotebook(projectId, session.notebook_id) : null);
    } else if (input.notebook_id !== undefined) {
      named = notebookFacts(await env.storedNotebook(projectId, input.notebook_id));
    }
    return { kind: input.kind, project, ...named, ...(input.mode ? { mode: input.mode } : {}), ...start };
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
    ...(input.notebook_author !== undefined ? { notebook_author: input.notebook_author } : {}),
    ...start,
  };
}

function labelsOf(labels: SecurityLabels | null | undefined): SecurityLabels | null {
  return labels ? { classification: labels.classification, compartments: [...new Set(labels.compartments)].sort() } : null;
}
