import type { TokenScope } from '../../service/src/core/identity/access-tokens.js';
import type { PolicyAction } from '../../service/src/core/policy/actions.js';
import { MAX_SUITE_CASES } from '../../service/src/core/policy/analyzer-types.js';
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
  /** The notebook a route under `/notebooks/{nid}` names. */
  notebookId?: string;
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
  const resource = {
    source: 'stored',
    kind: POLICY_TABLE[request.action].scope,
    project_id: request.projectId,
    ...(request.notebookId ? { notebook_id: request.notebookId } : {}),
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
    const response = await t.call('/api/v1/admin/policy/analyzer/run', { method: 'POST', token: adminToken, body: { schema_version: 1, name: 'routes against the analyzer', cases } });
    if (response.status !== 200) throw new Error(`the analyzer refused the suite: ${response.status} ${response.text.slice(0, 500)}`);
    for (const result of response.json.data.cases) {
      if (!result.valid) throw new Error(`the analyzer did not evaluate ${result.id}: ${JSON.stringify(result.errors)}`);
      if (result.login && !result.login.assertion.passed) throw new Error(`the sign-in of ${result.id} gave ${JSON.stringify(result.login.entitlements)}`);
      presentations.set(result.id, result.authorization.presentation);
    }
  }
  return presentations;
}
