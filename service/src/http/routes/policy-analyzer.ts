import { Type } from 'typebox';
import { claimSettingsOf } from '../../config/settings-security.js';
import { POLICY_ACTIONS } from '../../core/policy/actions.js';
import {
  DENIAL_CATEGORIES,
  ENTITLEMENTS,
  MAX_GRANT_PROJECTS,
  MAX_SUITE_CASES,
  MAX_SYNTHETIC_MEMBERS,
  PolicyAnalyzer,
} from '../../core/policy-analyzer/analyzer.js';
import { LABEL_PATTERN, MAX_COMPARTMENTS } from '../../core/policy/security-labels.js';
import type { HubSettings } from '../../config/settings.js';
import type { PolicyAnalyzerDeps } from '../../core/policy-analyzer/analyzer.js';
import { principalOf } from '../auth/authenticate.js';
import { DateTime, Envelope, Nullable } from '../schemas.js';
import type { HubApp } from '../types.js';
import { TokenScope } from './identity-schemas.js';
import { AssignableRole } from './project-schemas.js';

const closed = { additionalProperties: false } as const;
const Text = (minLength: number, maxLength: number, description?: string) => Type.String({ minLength, maxLength, ...(description ? { description } : {}) });
const Claims = Type.Record(Type.String(), Type.Unknown());
const Entitlement = Type.Enum([...ENTITLEMENTS]);
const DenialCategory = Type.Enum([...DENIAL_CATEGORIES]);
const Scope = Type.Enum(['deployment', 'project', 'session', 'session-start']);
const ProjectId = Type.String({ pattern: '^proj-[0-9a-z]{16}$' });
const Label = Type.String({ pattern: LABEL_PATTERN.source });
// Used in two places of one body, so it cannot carry a schema $id of its own.
const SecurityLabels = Type.Object({ classification: Label, compartments: Type.Array(Label, { maxItems: MAX_COMPARTMENTS }) }, closed);

const LoginExpected = Type.Union([
  Type.Object(
    { outcome: Type.Literal('allow'), entitlements: Type.Optional(Type.Array(Entitlement, { uniqueItems: true, description: 'Exactly these, in any order' })) },
    closed,
  ),
  Type.Object({ outcome: Type.Literal('deny') }, closed),
]);
const LoginStage = Type.Object(
  {
    identity: Type.Object({ id: Text(1, 256, "The provider's subject; the ID token's sub wins when present"), email: Text(3, 320) }, closed),
    id_token_claims: Claims,
    user_info_claims: Type.Optional(Claims),
    expected: LoginExpected,
  },
  closed,
);

const SecurityContext = Type.Object(
  {
    schemaVersion: Type.Literal(1),
    classification: Label,
    compartments: Type.Array(Type.String({ pattern: `^(\\*|${LABEL_PATTERN.source.slice(1, -1)})$` }), { maxItems: MAX_COMPARTMENTS }),
    policyVersion: Text(1, 64),
    expiresAt: DateTime,
  },
  { ...closed, $id: 'SecurityContext', description: 'What a caller is cleared for; * in compartments clears every compartment' },
);
const Member = Type.Object({ user_id: Type.Optional(Text(1, 128)), email: Type.Optional(Text(3, 320)), role: AssignableRole }, closed);
const Resource = Type.Object(
  {
    source: Type.Enum(['stored', 'synthetic'], {
      description: 'stored: the project, notebook and session named are read from the store; synthetic: the facts below',
    }),
    kind: Scope,
    project_id: Type.Optional(ProjectId),
    notebook_id: Type.Optional(Text(1, 128)),
    session_id: Type.Optional(Text(1, 128)),
    project: Type.Optional(
      Type.Object(
        {
          owner: Text(1, 128, "The owner's user id"),
          members: Type.Optional(Type.Array(Member, { maxItems: MAX_SYNTHETIC_MEMBERS })),
          status: Type.Optional(Type.Enum(['active', 'deleted'], { default: 'active' })),
          security_labels: Type.Optional(Nullable(SecurityLabels)),
        },
        closed,
      ),
    ),
    notebook_labels: Type.Optional(Nullable(SecurityLabels)),
    session: Type.Optional(
      Type.Object(
        {
          user_id: Text(1, 128),
          mode: Type.Optional(Type.Enum(['edit', 'app'], { default: 'edit' })),
          ephemeral: Type.Optional(Type.Boolean({ default: false })),
          editor_sandbox_sharing: Type.Optional(Type.Enum(['shared', 'exclusive'], { description: 'Default: SERVICE_EDITOR_SANDBOX_SHARING' })),
        },
        closed,
      ),
    ),
    mode: Type.Optional(Type.Enum(['edit', 'app'], { description: 'session-start: the mode being started (default app)' })),
    takeover: Type.Optional(Type.Boolean({ description: "session-start: the start takes over another editor's edit session (takeover_from); default false" })),
    notebook_author: Type.Optional(Text(1, 128, 'session-start, synthetic: the user id of who created the notebook (a stored notebook brings its own)')),
  },
  closed,
);
const AuthorizationExpected = Type.Object({ allowed: Type.Boolean(), denial_category: Type.Optional(DenialCategory) }, closed);
const AuthorizationStage = Type.Object(
  {
    subject: Type.Object(
      {
        id: Text(1, 128),
        email: Text(3, 320),
        entitlement_source: Type.Enum(['explicit', 'login'], { description: "login: the entitlements and groups of this case's login stage" }),
        entitlements: Type.Optional(Type.Array(Entitlement, { uniqueItems: true })),
        grant: Type.Optional(TokenScope),
      },
      closed,
    ),
    action: Type.Enum([...POLICY_ACTIONS]),
    resource: Resource,
    context: Type.Union([
      Type.Object({ mode: Type.Literal('live-self') }, closed),
      Type.Object({ mode: Type.Literal('synthetic'), value: Nullable(SecurityContext) }, closed),
    ]),
    expected: AuthorizationExpected,
  },
  closed,
);

export const PolicySuiteV1 = Type.Object(
  {
    schema_version: Type.Literal(1),
    name: Type.Optional(Text(1, 200)),
    cases: Type.Array(
      Type.Object(
        { id: Text(1, 128, 'Unique within the suite'), name: Text(1, 200), login: Type.Optional(LoginStage), authorization: Type.Optional(AuthorizationStage) },
        { ...closed, description: 'At least one of login or authorization' },
      ),
      { minItems: 1, maxItems: MAX_SUITE_CASES },
    ),
  },
  { ...closed, $id: 'PolicySuiteV1', description: `Grant project lists hold 1 to ${MAX_GRANT_PROJECTS} ids.` },
);

const TraceStep = Type.Object({
  stage: Type.Enum(['action', 'lifecycle', 'role', 'standing', 'session', 'constraint', 'credential', 'final']),
  status: Type.Enum(['passed', 'failed', 'skipped']),
  code: Type.String(),
  details: Type.Optional(Claims),
});
const LoginResult = Type.Object({
  outcome: Type.Enum(['allow', 'deny', 'timeout', 'error', 'invalid', 'unavailable']),
  duration_ms: Type.Number({ minimum: 0 }),
  entitlements: Type.Array(Entitlement),
  reason: Type.Optional(Type.String()),
  problem: Type.Optional(Type.String()),
  assertion: Type.Object({ passed: Type.Boolean(), expected: LoginExpected }),
});
const AuthorizationResult = Type.Object({
  decision: Type.Object({
    allowed: Type.Boolean(),
    role: Nullable(Type.Enum(['viewer', 'editor', 'manager', 'admin'])),
    category: Type.Optional(DenialCategory),
    constraint_reason: Type.Optional(Type.Enum(['missing-context', 'constraint', 'unavailable'])),
  }),
  presentation: Type.Enum(['allowed', 'forbidden', 'not-found']),
  trace: Type.Array(TraceStep),
  assertion: Type.Object({ passed: Type.Boolean(), expected: AuthorizationExpected }),
});
export const PolicySuiteResult = Type.Object(
  {
    valid: Type.Boolean(),
    summary: Type.Object({ case_count: Type.Integer({ minimum: 0 }), passed: Type.Integer({ minimum: 0 }), failed: Type.Integer({ minimum: 0 }) }),
    cases: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        valid: Type.Boolean(),
        login: Nullable(LoginResult),
        authorization: Nullable(AuthorizationResult),
        errors: Type.Array(Type.Object({ stage: Type.Enum(['login', 'authorization']), code: Type.String() })),
      }),
    ),
  },
  { $id: 'PolicySuiteResult' },
);

export const PolicyAnalyzerMetadata = Type.Object(
  {
    schema_version: Type.Literal(1),
    max_cases: Type.Integer({ minimum: 1 }),
    capabilities: Type.Object({ login_policy: Type.Boolean(), resource_security: Type.Boolean(), live_self_context: Type.Boolean() }),
    entitlements: Type.Array(Entitlement),
    classification_order: Type.Array(Type.String()),
    actions: Type.Array(
      Type.Object({
        action: Type.Enum([...POLICY_ACTIONS]),
        scope: Scope,
        minimum_role: Nullable(Type.Enum(['viewer', 'editor', 'manager', 'admin'])),
        denied_as: Nullable(Type.Enum(['not-found', 'forbidden'])),
        requires_super_admin: Type.Boolean(),
      }),
    ),
  },
  { $id: 'PolicyAnalyzerMetadata' },
);

/** What the policy analyzer reads. */
export type PolicyAnalyzerRouteServices = {
  settings: HubSettings;
  entitlementRules: PolicyAnalyzerDeps['rules'];
  labelPolicy: PolicyAnalyzerDeps['labels'];
} & Pick<PolicyAnalyzerDeps, 'users' | 'catalog' | 'projects' | 'notebooks'> & {
    sessionStore: PolicyAnalyzerDeps['sessions'];
  };

/** The policy analyzer (super admins): what the policy engine knows, and suites run through it. */
export function policyAnalyzerRoutes(app: HubApp, services: PolicyAnalyzerRouteServices): void {
  const analyzer = new PolicyAnalyzer({
    rules: services.entitlementRules,
    labels: services.labelPolicy,
    claims: claimSettingsOf(services.settings),
    oidcIssuer: services.settings.auth.oidc?.issuer ?? null,
    editorSandboxSharing: services.settings.sandboxes.editorSandboxSharing,
    viewerMode: services.settings.sandboxes.viewerMode,
    users: services.users,
    catalog: services.catalog,
    projects: services.projects,
    notebooks: services.notebooks,
    sessions: services.sessionStore,
  });

  app.get(
    '/api/v1/admin/policy/analyzer',
    {
      config: { action: 'admin.access' },
      schema: {
        tags: ['System'],
        summary: 'Policy analyzer metadata: actions, entitlements, classification order',
        response: { 200: Envelope(PolicyAnalyzerMetadata) },
      },
    },
    async () => ({ success: true as const, data: analyzer.metadata() }),
  );

  app.post(
    '/api/v1/admin/policy/analyzer/run',
    {
      config: { action: 'admin.access', cache: 'no-store' },
      schema: {
        tags: ['System'],
        summary: 'Run a policy suite through the login rules and the policy engine the routes use',
        description:
          'Reads users, projects, notebooks and sessions, writes nothing. context {mode: live-self} stands for your own security context. See docs/authorization.md.',
        body: PolicySuiteV1,
        response: { 200: Envelope(PolicySuiteResult) },
      },
    },
    async (request) => ({ success: true as const, data: await analyzer.run(request.body, { context: principalOf(request).credential.context }) }),
  );
}
