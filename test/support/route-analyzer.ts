import { UNRESTRICTED_SCOPE, type TokenScope } from '../../service/src/core/identity/access-tokens.js';
import type { PolicyAction } from '../../service/src/core/policy/actions.js';
import { MAX_SUITE_CASES } from '../../service/src/core/policy-analyzer/analyzer-types.js';
import type { Entitlement } from '../../service/src/core/policy/entitlements.js';
import { POLICY_TABLE } from '../../service/src/core/policy/table.js';
import type { Json } from './policy-suites.js';
import type { TestHub } from './test-hub.js';

export type Presentation = 'allowed' | 'forbidden' | 'not-found';

/** The statuses a route answers with for each presentation of a policy decision. */
export const STATUSES_OF: Readonly<Record<Presentation, readonly number[]>> = { allowed: [200, 201], forbidden: [403], 'not-found': [404] };

/** A caller as the policy analyzer is told about it. */
export interface AnalyzedCaller {
  id: string;
  email: string;
  /** Exactly the entitlements the caller holds in the deployment. */
  entitlements: Entitlement[];
  /**
   * Identity-provider groups. The analyzer takes groups only from a login stage, so a caller with
   * groups is described by the sign-in that gave them; that sign-in must then yield `entitlements`.
   */
  groups?: string[];
  /** The scope of the token the caller uses. */
  grant: TokenScope;
}

/** One request of a route, as a stored-resource case for the analyzer. */
export interface AnalyzedRequest {
  id: string;
  caller: AnalyzedCaller;
  action: PolicyAction;
  projectId: string;
  /** The notebook a route under `/notebooks/{nid}` names, or the one a session starts on. */
  notebookId?: string;
  /** The session a session route names. */
  sessionId?: string;
  /** session-start: the mode started. */
  mode?: 'edit' | 'app';
  /** What the policy promises, so the case's own assertion says something too. */
  allowed: boolean;
}

function caseOf(request: AnalyzedRequest): Json {
  const { caller } = request;
  const login = caller.groups
    ? {
        identity: { id: caller.id, email: caller.email },
        id_token_claims: { sub: `analyzed-${caller.id}`, email: caller.email, email_verified: true, groups: caller.groups },
        expected: { outcome: 'allow', entitlements: caller.entitlements },
      }
    : undefined;
  const subject = login
    ? { id: caller.id, email: caller.email, entitlement_source: 'login', grant: caller.grant }
    : { id: caller.id, email: caller.email, entitlement_source: 'explicit', entitlements: caller.entitlements, grant: caller.grant };
  const kind = POLICY_TABLE[request.action].scope;
  const resource = {
    source: 'stored',
    kind,
    // A deployment action (the admin routes) weighs no project, whatever its path names.
    ...(kind === 'deployment' ? {} : { project_id: request.projectId }),
    ...(request.notebookId && (kind === 'project' || kind === 'session-start') ? { notebook_id: request.notebookId } : {}),
    ...(request.sessionId && kind === 'session' ? { session_id: request.sessionId } : {}),
    ...(request.mode && kind === 'session-start' ? { mode: request.mode } : {}),
  };
  return {
    id: request.id,
    name: `${request.action} by ${caller.email}`,
    ...(login ? { login } : {}),
    // Test tokens are made without a browser session, so they carry no security context.
    authorization: { subject, action: request.action, resource, context: { mode: 'synthetic', value: null }, expected: { allowed: request.allowed } },
  };
}

/**
 * Runs the requests through the policy analyzer's HTTP route as a super admin, as many to a suite
 * as it takes, and answers each case's presentation by case id. A case the analyzer could not
 * evaluate, or whose login gave other entitlements than described, fails the run: a comparison
 * is never skipped.
 */
export async function analyze(t: TestHub, adminToken: string, requests: readonly AnalyzedRequest[]): Promise<Map<string, Presentation>> {
  const presentations = new Map<string, Presentation>();
  for (let start = 0; start < requests.length; start += MAX_SUITE_CASES) {
    const cases = requests.slice(start, start + MAX_SUITE_CASES).map(caseOf);
    const response = await t.call('/api/v1/admin/policy/analyzer/run', {
      method: 'POST',
      token: adminToken,
      body: { schema_version: 1, name: 'routes against the analyzer', cases },
    });
    if (response.status !== 200) throw new Error(`the analyzer refused the suite: ${response.status} ${response.text.slice(0, 500)}`);
    for (const result of response.json.data.cases) {
      if (!result.valid) throw new Error(`the analyzer did not evaluate ${result.id}: ${JSON.stringify(result.errors)}`);
      if (result.login && !result.login.assertion.passed) throw new Error(`the sign-in of ${result.id} gave ${JSON.stringify(result.login.entitlements)}`);
      presentations.set(result.id, result.authorization.presentation);
    }
  }
  return presentations;
}

export type Role = 'viewer' | 'editor' | 'manager' | 'admin';
const RANK: Record<Role, number> = { viewer: 0, editor: 1, manager: 2, admin: 3 };

/**
 * The minimum roles of the policy table, restated independently so the tests can catch a wrong
 * table. An action a route performs must be here: {@link expectedPresentation} refuses to guess.
 */
export const MINIMUM: Partial<Record<PolicyAction, Role>> = {
  'project.read': 'viewer',
  'project.update': 'manager',
  'project.delete': 'admin',
  'project.members.manage': 'manager',
  'project.events.read': 'manager',
  'project.alerts.manage': 'manager',
  'integration.read': 'viewer',
  'integration.use': 'editor',
  'integration.manage': 'manager',
  'notebook.write': 'editor',
  'notebook.manage': 'manager',
  'change-request.publish': 'editor',
  'session.start': 'viewer',
  'session.attach': 'viewer',
  'session.proxy': 'viewer',
  'session.stop': 'editor',
};
/** Deployment actions only super admins perform: no project role counts. */
export const SUPER_ADMIN_ACTIONS: ReadonlySet<PolicyAction> = new Set(['admin.access']);
/** Actions whose refusal by role hides the resource (denied as not-found); the others are forbidden. */
export const HIDDEN_WHEN_REFUSED: ReadonlySet<PolicyAction> = new Set(['project.read', 'session.attach', 'session.proxy']);

export interface Subject {
  name: string;
  /** Effective role in the project, or null for none. */
  role: Role | null;
  suspended?: boolean;
  /** A token narrowed to these actions and projects. */
  scope?: { actions: PolicyAction[]; ownProjectOnly: boolean };
  /** Identity-provider groups from the subject's sign-in (its only way into the project). */
  groups?: string[];
  /** Reaches projects without being a member: by the project's default role. */
  outsider?: boolean;
}

export const SUPER_ADMIN_EMAIL = 'root@example.com';

export const SUBJECTS: readonly Subject[] = [
  { name: 'viewer', role: 'viewer' },
  { name: 'editor', role: 'editor' },
  { name: 'manager', role: 'manager' },
  { name: 'admin (owner)', role: 'admin' },
  { name: 'group member', role: 'viewer', groups: ['fixture-group'] },
  { name: 'non-member', role: null, outsider: true },
  { name: 'non-member with default role', role: 'viewer', outsider: true },
  { name: 'super admin', role: 'admin' },
  { name: 'suspended member', role: 'manager', suspended: true },
  { name: 'token scoped to reading this project', role: 'manager', scope: { actions: ['project.read'], ownProjectOnly: true } },
  { name: 'token scoped to another project', role: 'manager', scope: { actions: ['project.read', 'project.update'], ownProjectOnly: false } },
  // Reaches notebooks without project.read: the action a route performs is what the scope must hold.
  { name: 'token scoped to writing notebooks', role: 'editor', scope: { actions: ['notebook.write'], ownProjectOnly: true } },
];

export const emailOf = (subject: Subject) => (subject.name === 'super admin' ? SUPER_ADMIN_EMAIL : `${subject.name.replaceAll(/[^a-z]+/g, '-')}@example.com`);

export function scopeOf(subject: Subject, projectId: string): TokenScope {
  if (!subject.scope) return UNRESTRICTED_SCOPE;
  return { actions: subject.scope.actions, projects: subject.scope.ownProjectOnly ? [projectId] : ['proj-0000000000000000'] };
}

/**
 * How the policy analyzer is told about a subject: the suspension is read from the stored user,
 * a token's scope is the case's grant, a group member's groups come from a sign-in with its
 * groups claim, and a project's own default role is read from the stored project. `deployment`
 * are the entitlements every user of the hub has (a deployment default role).
 */
export function callerOf(subject: Subject, userId: string, projectId: string, deployment: Entitlement[] = []): AnalyzedCaller {
  // Everyone may create projects (SERVICE_PROJECT_CREATORS defaults to *).
  const entitlements: Entitlement[] = [...(subject.name === 'super admin' ? (['super-admin'] as const) : []), 'project-creator', ...deployment];
  return { id: userId, email: emailOf(subject), entitlements, ...(subject.groups ? { groups: subject.groups } : {}), grant: scopeOf(subject, projectId) };
}

/** The session a route names: how it runs and which subject started it (sharing is exclusive). */
export interface SessionTarget {
  mode: 'edit' | 'app';
  owner: string;
}

/** What a route asks of the policy. */
export interface PolicyQuestion {
  action: PolicyAction;
  /** A second action the route decides once the first is allowed (a save attaches, then writes). */
  then?: PolicyAction;
  /** session-start: the mode started (edit needs editor). */
  mode?: 'edit' | 'app';
  /** Session actions: the session named. */
  session?: SessionTarget;
}

/** What the policy promises for a subject asking one action, restated without the engine. */
function presentationOf(subject: Subject, action: PolicyAction, question: PolicyQuestion): Presentation {
  if (subject.suspended) return 'forbidden';
  // An action outside a token's scope is refused whatever the project, existing or not, so the
  // answer reveals nothing about it; a project outside the scope is hidden.
  if (subject.scope && !subject.scope.actions.includes(action)) return 'forbidden';
  if (SUPER_ADMIN_ACTIONS.has(action)) return subject.name === 'super admin' ? 'allowed' : 'forbidden';
  if (subject.role === null) return 'not-found';
  if (subject.scope && !subject.scope.ownProjectOnly) return 'not-found';
  const minimum = action === 'session.start' && question.mode === 'edit' ? 'editor' : MINIMUM[action];
  if (!minimum) throw new Error(`no minimum role restated for ${action}: add it to MINIMUM before routes performing it can be checked`);
  const refused: Presentation = HIDDEN_WHEN_REFUSED.has(action) ? 'not-found' : 'forbidden';
  if (RANK[subject.role] < RANK[minimum]) return refused;
  const target = question.session;
  if (action.startsWith('session.') && action !== 'session.start') {
    if (!target) throw new Error(`${action} names a session: say which`);
    const own = subject.name === target.owner;
    if (action === 'session.stop') return own || RANK[subject.role] >= RANK.manager ? 'allowed' : refused;
    // attach and proxy: an edit session is for editors, and an exclusive one for its own editor only.
    if (target.mode === 'edit' && (RANK[subject.role] < RANK.editor || !own)) return refused;
  }
  return 'allowed';
}

/** What the policy promises for the whole route: the first refusal of its actions, in order. */
export function expectedPresentation(subject: Subject, question: PolicyQuestion): Presentation {
  const first = presentationOf(subject, question.action, question);
  return first === 'allowed' && question.then ? presentationOf(subject, question.then, question) : first;
}

/** One subject's request of a route, for {@link analyzeRoute}. */
export interface RouteRequest {
  subject: Subject;
  caller: AnalyzedCaller;
  projectId: string;
  notebookId?: string;
  sessionId?: string;
}

/**
 * Asks the analyzer about every subject's request of a route, each action the route decides, and
 * answers each subject's presentation: the first action's refusal, else the second's decision.
 */
export async function analyzeRoute(
  t: TestHub,
  adminToken: string,
  question: PolicyQuestion,
  requests: readonly RouteRequest[],
): Promise<Map<string, Presentation>> {
  const actions = [question.action, ...(question.then ? [question.then] : [])];
  const cases = requests.flatMap((request) =>
    actions.map((action, index) => ({
      id: `${request.subject.name}#${index}`,
      caller: request.caller,
      action,
      projectId: request.projectId,
      // The second action of a route (a save's write) is decided on the project alone.
      ...(index === 0 && request.notebookId ? { notebookId: request.notebookId } : {}),
      ...(index === 0 && request.sessionId ? { sessionId: request.sessionId } : {}),
      ...(question.mode ? { mode: question.mode } : {}),
      allowed: presentationOf(request.subject, action, question) === 'allowed',
    })),
  );
  const decided = await analyze(t, adminToken, cases);
  const presentations = new Map<string, Presentation>();
  for (const { subject } of requests) {
    const first = decided.get(`${subject.name}#0`);
    const presentation = first === 'allowed' && question.then ? decided.get(`${subject.name}#1`) : first;
    if (presentation) presentations.set(subject.name, presentation);
  }
  return presentations;
}
