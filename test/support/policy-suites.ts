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
