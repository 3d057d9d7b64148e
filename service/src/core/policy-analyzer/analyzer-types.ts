import type { PolicyAction } from '../policy/actions.js';
import type { DenialCategory, PolicyDecision, TraceStep } from '../policy/engine.js';
import type { Entitlement } from '../policy/entitlements.js';
import type { SecurityContext, SecurityLabels } from '../policy/security-labels.js';
import type { ActionPolicy, ActionScope } from '../policy/table.js';

/** The most cases one suite may hold (docs/authorization.md). */
export const MAX_SUITE_CASES = 25;
export const MAX_GRANT_PROJECTS = 100;
export const MAX_SYNTHETIC_MEMBERS = 500;

export const ENTITLEMENTS: readonly Entitlement[] = ['super-admin', 'project-creator', 'default-role:viewer', 'default-role:editor', 'default-role:manager'];
export const DENIAL_CATEGORIES: readonly DenialCategory[] = [
  'lifecycle',
  'visibility',
  'role',
  'session',
  'standing',
  'constraint',
  'credential-resource',
  'credential-action',
];

export interface PolicyAnalyzerMetadata {
  schema_version: 1;
  max_cases: number;
  capabilities: { login_policy: boolean; resource_security: boolean; live_self_context: boolean };
  entitlements: Entitlement[];
  classification_order: string[];
  actions: ActionPolicy[];
}

export interface LoginStageInput {
  identity: { id: string; email: string };
  id_token_claims: Record<string, unknown>;
  user_info_claims?: Record<string, unknown>;
  expected: { outcome: 'allow'; entitlements?: Entitlement[] } | { outcome: 'deny' };
}

export interface SyntheticProject {
  owner: string;
  members?: { user_id?: string; email?: string; role: 'manager' | 'editor' | 'viewer' }[];
  status?: 'active' | 'deleted';
  security_labels?: SecurityLabels | null;
}

export interface ResourceInput {
  source: 'stored' | 'synthetic';
  kind: ActionScope;
  project_id?: string;
  notebook_id?: string;
  session_id?: string;
  project?: SyntheticProject;
  notebook_labels?: SecurityLabels | null;
  session?: { user_id: string; mode?: 'edit' | 'app'; ephemeral?: boolean; editor_sandbox_sharing?: 'shared' | 'exclusive' };
  mode?: 'edit' | 'app';
  /** session-start: the start takes over another editor's edit session. */
  takeover?: boolean;
  /** session-start, synthetic: the user who created the notebook. */
  notebook_author?: string;
}

export interface AuthorizationStageInput {
  subject: {
    id: string;
    email: string;
    entitlement_source: 'explicit' | 'login';
    entitlements?: Entitlement[];
    grant?: { actions: '*' | PolicyAction[]; projects: '*' | string[] };
  };
  action: PolicyAction;
  resource: ResourceInput;
  context: { mode: 'live-self' } | { mode: 'synthetic'; value: SecurityContext | null };
  expected: { allowed: boolean; denial_category?: DenialCategory };
}

export interface PolicyCaseInput {
  id: string;
  name: string;
  login?: LoginStageInput;
  authorization?: AuthorizationStageInput;
}

export interface PolicySuiteV1 {
  schema_version: 1;
  name?: string;
  cases: PolicyCaseInput[];
}

export type LoginOutcome = 'allow' | 'deny' | 'timeout' | 'error' | 'invalid' | 'unavailable';

export interface LoginResult {
  outcome: LoginOutcome;
  duration_ms: number;
  entitlements: Entitlement[];
  reason?: string;
  problem?: string;
  assertion: { passed: boolean; expected: LoginStageInput['expected'] };
  /** The identity-provider groups the login would record (used by `entitlement_source: login`). */
  groups: string[];
}

export interface AuthorizationResult {
  decision: Pick<PolicyDecision, 'allowed' | 'role' | 'category' | 'constraint_reason'>;
  presentation: PolicyDecision['presentation'];
  trace: TraceStep[];
  assertion: { passed: boolean; expected: AuthorizationStageInput['expected'] };
}

export interface CaseError {
  stage: 'login' | 'authorization';
  code: string;
}

export interface PolicyCaseResult {
  id: string;
  name: string;
  valid: boolean;
  login: Omit<LoginResult, 'groups'> | null;
  authorization: AuthorizationResult | null;
  errors: CaseError[];
}

export interface PolicySuiteResult {
  valid: boolean;
  summary: { case_count: number; passed: number; failed: number };
  cases: PolicyCaseResult[];
}
