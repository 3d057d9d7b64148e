import { expect } from 'vitest';
import { startTestHub, type CallResult, type TestHub } from './test-hub.js';
/** Builders for policy analyzer suites: a valid case with only the fields a test cares about changed. */

export const ALICE = { id: 'usr-alice0000000000a', email: 'alice@example.com' };

export type Json = Record<string, unknown>;

export function suite(cases: Json[], extra: Json = {}): Json {
  return { schema_version: 1, name: 'suite', cases, ...extra };
}

export function authorizationCase(id: string, stage: Json = {}, caseExtra: Json = {}): Json {
  return { id, name: `case ${id}`, authorization: authorization(stage), ...caseExtra };
}

/** Alice reading a project she owns, without a security context, expected to be allowed. */
export function authorization(stage: Json = {}): Json {
  return {
    subject: { ...ALICE, entitlement_source: 'explicit' },
    action: 'project.read',
    resource: { source: 'synthetic', kind: 'project', project: { owner: ALICE.id } },
    context: { mode: 'synthetic', value: null },
    expected: { allowed: true },
    ...stage,
  };
}

export function loginCase(id: string, claims: Json, expected: Json, extra: Json = {}): Json {
  const email = typeof claims.email === 'string' ? claims.email : 'nobody@example.com';
  return { id, name: `login ${id}`, login: { identity: { id: `sub-${id}`, email }, id_token_claims: claims, expected, ...extra } };
}

export function context(classification: string, compartments: string[], overrides: Json = {}): Json {
  return {
    mode: 'synthetic',
    value: { schemaVersion: 1, classification, compartments, policyVersion: '1', expiresAt: new Date(Date.now() + 3600_000).toISOString(), ...overrides },
  };
}

/** A synthetic project resource owned by someone else, with Alice given `role` (or nothing). */
export function projectWith(role: string | null, extra: Json = {}, resource: Json = {}): Json {
  const members = role ? [{ user_id: ALICE.id, role }] : [];
  return { source: 'synthetic', kind: 'project', project: { owner: 'usr-owner0000000000o', members, ...extra }, ...resource };
}

export const ANALYZER_RUN = '/api/v1/admin/policy/analyzer/run';

/** A hub for analyzer tests: a super admin's token, and helpers that run suites with it. */
export interface AnalyzerHub {
  t: TestHub;
  admin: string;
  /** Runs a suite (as the super admin unless a token or cookie is given). */
  run(body: Json, options?: { token?: string; cookie?: string }): Promise<CallResult>;
  /** Runs one case and returns its result, failing on anything but 200. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a case result, read field by field by each test
  one(testCase: Json): Promise<any>;
}

export async function startAnalyzerHub(): Promise<AnalyzerHub> {
  const t = await startTestHub({
    env: {
      SERVICE_SUPER_ADMINS: 'boss@example.com',
      SERVICE_PROJECT_CREATORS: 'creator@example.com',
      SERVICE_CLASSIFICATION_ORDER: 'public,internal,secret',
    },
  });
  const admin = await t.tokenFor('root@example.com', { superAdmin: true });
  const run: AnalyzerHub['run'] = (body, options = { token: admin }) =>
    t.call(ANALYZER_RUN, { method: 'POST', body, ...options, ...(options.cookie ? { headers: { origin: t.url } } : {}) });
  return {
    t,
    admin,
    run,
    async one(testCase) {
      const response = await run(suite([testCase]));
      expect(response.status, response.text).toBe(200);
      return response.json.data.cases[0];
    },
  };
}
