import type { Catalog } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import type { ClaimSettings } from '../identity/claims.js';
import type { UserDirectory, UserEntry } from '../identity/users.js';
import { projectFactsOf, type ProjectRevision } from '../projects/project-records.js';
import { catalogKeys } from '../storage-layout.js';
import { POLICY_ACTIONS } from '../policy/actions.js';
import { evaluateAuthorization, type AuthorizationEnvironment } from './analyzer-authorization.js';
import { evaluateLogin, type LoginEnvironment } from './analyzer-login.js';
import {
  ENTITLEMENTS,
  MAX_SUITE_CASES,
  type CaseError,
  type LoginResult,
  type PolicyAnalyzerMetadata,
  type PolicyCaseInput,
  type PolicyCaseResult,
  type PolicySuiteResult,
  type PolicySuiteV1,
} from './analyzer-types.js';
import { suiteProblems } from './analyzer-validation.js';
import type { ViewerMode } from '../policy/engine.js';
import type { EntitlementRules } from '../policy/entitlements.js';
import type { LabelPolicy, SecurityContext } from '../policy/security-labels.js';
import type { StoredNotebook, StoredSession } from '../policy/stored-facts.js';
import { POLICY_TABLE } from '../policy/table.js';

export * from './analyzer-types.js';

export interface PolicyAnalyzerDeps {
  rules: EntitlementRules;
  labels: LabelPolicy;
  claims: ClaimSettings;
  oidcIssuer: string | null;
  editorSandboxSharing: 'shared' | 'exclusive';
  viewerMode: ViewerMode;
  users: Pick<UserDirectory, 'get' | 'findByEmail'>;
  catalog: Pick<Catalog, 'view'>;
  projects: { get(projectId: string): Promise<ProjectRevision | null> };
  /** The notebook service's view: a deleted notebook reads as none, as it does for the routes. */
  notebooks: { get(projectId: string, notebookId: string): Promise<StoredNotebook | null> };
  sessions: { get(projectId: string, sessionId: string): Promise<StoredSession | null> };
  now?: () => Date;
}

/** What the analyzer knows about the caller: the security context `live-self` stands for. */
export interface AnalyzerCaller {
  context: SecurityContext | null;
}

/**
 * The policy analyzer: runs suites of cases through the login rules and the policy engine the
 * routes use, so a passing suite describes what the deployment actually does. It reads users,
 * projects, notebooks and sessions and never writes anything.
 */
export class PolicyAnalyzer {
  constructor(private readonly deps: PolicyAnalyzerDeps) {}

  metadata(): PolicyAnalyzerMetadata {
    const order = [...this.deps.labels.classificationOrder];
    return {
      schema_version: 1,
      max_cases: MAX_SUITE_CASES,
      capabilities: { login_policy: true, resource_security: order.length > 0, live_self_context: true },
      entitlements: [...ENTITLEMENTS],
      classification_order: order,
      actions: POLICY_ACTIONS.map((action) => ({ ...POLICY_TABLE[action] })),
    };
  }

  /** Refuses a suite breaking a rule of docs/authorization.md with field-level VALIDATION_ERROR details. */
  validate(suite: PolicySuiteV1): void {
    const problems = suiteProblems(suite);
    if (problems.length > 0) {
      throw new HubError('VALIDATION_ERROR', `the policy suite is invalid: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
    }
  }

  async run(suite: PolicySuiteV1, caller: AnalyzerCaller): Promise<PolicySuiteResult> {
    this.validate(suite);
    const login = this.loginEnvironment();
    const authorization = this.authorizationEnvironment(caller);
    const cases: PolicyCaseResult[] = [];
    // One case at a time: a case's duration_ms then measures that case alone.
    for (const testCase of suite.cases) cases.push(await this.runCase(testCase, login, authorization));
    const passed = cases.filter(casePassed).length;
    return { valid: cases.every((result) => result.valid), summary: { case_count: cases.length, passed, failed: cases.length - passed }, cases };
  }

  private async runCase(testCase: PolicyCaseInput, loginEnv: LoginEnvironment, authorizationEnv: AuthorizationEnvironment): Promise<PolicyCaseResult> {
    const errors: CaseError[] = [];
    let login: LoginResult | null = null;
    if (testCase.login) {
      login = await evaluateLogin(testCase.login, loginEnv);
      if (login.outcome === 'invalid') errors.push({ stage: 'login', code: 'invalid-claims' });
    }
    let authorization: PolicyCaseResult['authorization'] = null;
    if (testCase.authorization) {
      const outcome = await evaluateAuthorization(testCase.authorization, login, authorizationEnv);
      if ('error' in outcome) errors.push({ stage: 'authorization', code: outcome.error });
      else authorization = outcome.result;
    }
    const reported = login ? (({ groups: _groups, ...rest }) => rest)(login) : null;
    return { id: testCase.id, name: testCase.name, valid: errors.length === 0, login: reported, authorization, errors };
  }

  private loginEnvironment(): LoginEnvironment {
    const { users, catalog } = this.deps;
    return {
      rules: this.deps.rules,
      claims: this.deps.claims,
      oidcIssuer: this.deps.oidcIssuer,
      async findUser(subject, email): Promise<UserEntry | null> {
        if (subject) {
          const index = await (await catalog.view()).get<{ user_id: string }>(catalogKeys.userSubject(subject));
          if (index) return users.get(index.user_id);
        }
        return users.findByEmail(email);
      },
    };
  }

  private authorizationEnvironment(caller: AnalyzerCaller): AuthorizationEnvironment {
    const { users, projects, notebooks, sessions } = this.deps;
    const stored = new Map<string, Promise<ProjectRevision | null>>();
    return {
      labels: this.deps.labels,
      now: (this.deps.now ?? (() => new Date()))(),
      liveContext: caller.context,
      editorSandboxSharing: this.deps.editorSandboxSharing,
      viewerMode: this.deps.viewerMode,
      async storedProject(projectId) {
        if (!stored.has(projectId)) stored.set(projectId, projects.get(projectId));
        const project = await stored.get(projectId)!;
        return project ? projectFactsOf(project) : null;
      },
      async storedNotebook(projectId, notebookId) {
        const notebook = await notebooks.get(projectId, notebookId);
        return notebook ? { security_labels: notebook.security_labels, author: notebook.author } : null;
      },
      async storedSession(projectId, sessionId) {
        const session = await sessions.get(projectId, sessionId);
        if (!session) return null;
        const { notebook_id, user_id, mode, ephemeral, editor_sandbox_sharing } = session;
        return { notebook_id, user_id, mode, ephemeral, editor_sandbox_sharing };
      },
      async isSuspended(userId) {
        return (await users.get(userId))?.suspended_at != null;
      },
    };
  }
}

function casePassed(result: PolicyCaseResult): boolean {
  return result.valid && (result.login?.assertion.passed ?? true) && (result.authorization?.assertion.passed ?? true);
}
