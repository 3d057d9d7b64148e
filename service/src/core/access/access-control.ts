import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { NotebookRevision } from '../notebooks/notebook-model.js';
import { projectFactsOf, type ProjectRevision } from '../projects/project-records.js';
import type { SessionRecord } from '../sessions/session-model.js';
import type { PolicyAction } from '../policy/actions.js';
import {
  decide,
  effectiveRole,
  startsPrivateSandbox,
  type PolicyDecision,
  type PolicyEnvironment,
  type PolicyResource,
  type PolicySubject,
  type ViewerMode,
} from '../policy/engine.js';
import type { EntitlementRules } from '../policy/entitlements.js';
import { checkLabels, type LabelPolicy, type SecurityContext, type SecurityLabels } from '../policy/security-labels.js';
import { notebookFacts, sessionFacts } from '../policy/stored-facts.js';
import { subjectOf } from './subject.js';
import { POLICY_TABLE, type ProjectRole } from '../policy/table.js';

/** Where access control reads the records it decides about. */
export interface AccessRecords {
  project(projectId: string): Promise<ProjectRevision | null>;
  notebook(projectId: string, notebookId: string): Promise<NotebookRevision | null>;
  session(projectId: string, sessionId: string): Promise<SessionRecord | null>;
}

export interface AccessControlDeps {
  records: AccessRecords;
  entitlementRules: EntitlementRules;
  labelPolicy: LabelPolicy;
  /** SERVICE_VIEWER_MODE: weighed by every `session.start`. */
  viewerMode: ViewerMode;
  now?: () => Date;
}

/** More facts of a request about a project, beyond the project itself. */
export type ProjectRequestFacts = Omit<PolicyResource, 'kind' | 'project'>;

/**
 * Every authorization of every surface (REST routes, the session proxy, the command line, MCP
 * tools) goes through here: it loads what the policy weighs, asks the one policy decision, and
 * presents a denial as the policy table says (not-found for anyone who may not see the project,
 * never revealing that it exists; forbidden for someone who may see it but not do this).
 */
export class AccessControl {
  private readonly now: () => Date;

  constructor(private readonly deps: AccessControlDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The policy decision itself, for callers that present it themselves (the policy analyzer). */
  decide(principal: Principal, action: PolicyAction, resource: PolicyResource): PolicyDecision {
    return decide(subjectOf(principal, this.deps.entitlementRules), action, resource, principal.credential.context, {
      labels: this.deps.labelPolicy,
      now: this.now(),
    });
  }

  /** A deployment-scoped action (admin routes, project creation). */
  deployment(principal: Principal, action: PolicyAction): void {
    const decision = this.decide(principal, action, { kind: 'deployment' });
    if (!decision.allowed) throw new HubError(decision.presentation === 'not-found' ? 'NOT_FOUND' : 'FORBIDDEN', decision.message);
  }

  /** A project-scoped action; `loaded` skips reading a project the caller already holds. */
  async project(
    principal: Principal,
    projectId: string,
    action: PolicyAction,
    facts: ProjectRequestFacts = {},
    loaded?: ProjectRevision | null,
  ): Promise<{ project: ProjectRevision; role: ProjectRole }> {
    const project = loaded === undefined ? await this.deps.records.project(projectId) : loaded;
    const kind = POLICY_TABLE[action].scope;
    const decision = this.decide(principal, action, {
      kind,
      project: project ? projectFactsOf(project) : null,
      ...(kind === 'session-start' ? { viewer_mode: this.deps.viewerMode } : {}),
      ...facts,
    });
    if (!decision.allowed || !project) {
      if (decision.presentation === 'forbidden') throw new HubError('FORBIDDEN', decision.message);
      throw new HubError('NOT_FOUND', `project ${projectId} not found`);
    }
    return { project, role: decision.role! };
  }

  /**
   * Whether the caller may also perform `action` on a project already read, without refusing: for
   * what a request does only when allowed (a session's sandbox receives the project's secrets only
   * when its starter may use them).
   */
  allows(principal: Principal, project: ProjectRevision, action: PolicyAction, facts: ProjectRequestFacts = {}): boolean {
    return this.decide(principal, action, { kind: POLICY_TABLE[action].scope, project: projectFactsOf(project), ...facts }).allowed;
  }

  /**
   * More actions the same request performs once its first was allowed (the label actions of a
   * project change, the settings actions of a notebook change), each decided in turn on the
   * project already read; the first refusal is thrown.
   */
  async also(principal: Principal, project: ProjectRevision, actions: readonly PolicyAction[], facts: ProjectRequestFacts = {}): Promise<void> {
    for (const action of actions) await this.project(principal, project.id, action, facts, project);
  }

  /**
   * An action on a notebook, in one decision with the notebook's facts: the project is weighed
   * first (a caller who may not see it learns nothing about the notebook), then whether the
   * project holds the notebook, then the labels of both.
   */
  async notebook(
    principal: Principal,
    projectId: string,
    notebookId: string,
    action: PolicyAction,
    facts: Omit<ProjectRequestFacts, 'notebook_labels' | 'notebook_author' | 'missing' | 'session'> = {},
  ): Promise<{ project: ProjectRevision; notebook: NotebookRevision; role: ProjectRole }> {
    const loaded = await this.deps.records.project(projectId);
    const notebook = loaded ? await this.deps.records.notebook(projectId, notebookId) : null;
    try {
      const { project, role } = await this.project(principal, projectId, action, { ...notebookFacts(notebook), ...facts }, loaded);
      // The decision refuses a missing notebook; this only tells the compiler.
      if (!notebook) throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
      return { project, notebook, role };
    } catch (error) {
      if (error instanceof HubError && error.code === 'NOT_FOUND') throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
      throw error;
    }
  }

  /**
   * An action on a session (attach, stop, surface): the project must be visible, and the
   * session's own rules apply (an exclusive edit session belongs to its editor, a viewer's
   * ephemeral sandbox to that viewer).
   */
  async session(
    principal: Principal,
    projectId: string,
    sessionId: string,
    action: PolicyAction,
  ): Promise<{ project: ProjectRevision; record: SessionRecord; role: ProjectRole }> {
    const loaded = await this.deps.records.project(projectId);
    const record = loaded ? await this.deps.records.session(projectId, sessionId) : null;
    const notebook = record ? await this.deps.records.notebook(projectId, record.notebook_id) : null;
    try {
      const { project, role } = await this.project(principal, projectId, action, sessionFacts(record, notebook), loaded);
      if (!record) throw new HubError('NOT_FOUND', `session ${sessionId} not found`);
      return { project, record, role };
    } catch (error) {
      if (error instanceof HubError && error.code === 'NOT_FOUND') throw new HubError('NOT_FOUND', `session ${sessionId} not found`);
      throw error;
    }
  }

  /**
   * Whether the caller is cleared for a record with these labels. Lists leave out the records a
   * caller is not cleared for, as if they did not exist.
   */
  clearedFor(principal: Principal, labels: SecurityLabels | null): boolean {
    return !labels || checkLabels([labels], principal.credential.context, this.deps.labelPolicy, this.now()).ok;
  }

  /** What a listing of projects weighs for each entry: the caller, their context and the label policy. */
  listingScope(principal: Principal): { subject: PolicySubject; context: SecurityContext | null; environment: PolicyEnvironment } {
    return {
      subject: subjectOf(principal, this.deps.entitlementRules),
      context: principal.credential.context,
      environment: { labels: this.deps.labelPolicy, now: this.now() },
    };
  }

  /** Whether a session started with this role runs in a sandbox of its own (a viewer's ephemeral sandbox). */
  startsPrivateSandbox(role: ProjectRole): boolean {
    return startsPrivateSandbox(role, this.deps.viewerMode);
  }

  /** The caller's role in a project they may see (for `your_role`). */
  roleIn(principal: Principal, project: ProjectRevision): ProjectRole | null {
    return effectiveRole(subjectOf(principal, this.deps.entitlementRules), projectFactsOf(project));
  }
}
