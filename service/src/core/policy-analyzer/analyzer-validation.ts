import type { FieldProblem } from '../errors.js';
import { NOTEBOOK_ID_PATTERN, PROJECT_ID_PATTERN, SESSION_ID_PATTERN } from '../ids.js';
import {
  MAX_GRANT_PROJECTS,
  MAX_SUITE_CASES,
  MAX_SYNTHETIC_MEMBERS,
  type AuthorizationStageInput,
  type PolicySuiteV1,
  type ResourceInput,
} from './analyzer-types.js';
import { isPolicyAction } from '../policy/actions.js';
import { LABEL_PATTERN, MAX_COMPARTMENTS, type SecurityLabels } from '../policy/security-labels.js';

/**
 * The rules of a suite that relate one field to another, which a JSON schema cannot state. The
 * per-field limits are checked again here so the analyzer holds them whoever calls it.
 */
export function suiteProblems(suite: PolicySuiteV1): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const problem = (field: string, message: string) => void problems.push({ field, message });
  if (suite.schema_version !== 1) problem('schema_version', 'must be 1');
  if (suite.name !== undefined) length(problem, 'name', suite.name, 1, 200);
  if (suite.cases.length < 1 || suite.cases.length > MAX_SUITE_CASES) problem('cases', `must hold 1 to ${MAX_SUITE_CASES} cases`);
  const seen = new Map<string, number>();
  suite.cases.forEach((testCase, index) => {
    const at = `cases.${index}`;
    length(problem, `${at}.id`, testCase.id, 1, 128);
    length(problem, `${at}.name`, testCase.name, 1, 200);
    const first = seen.get(testCase.id);
    if (first !== undefined) problem(`${at}.id`, `repeats the id of cases.${first}`);
    else seen.set(testCase.id, index);
    if (!testCase.login && !testCase.authorization) problem(at, 'needs a login stage, an authorization stage, or both');
    if (testCase.login) length(problem, `${at}.login.identity.email`, testCase.login.identity.email, 3, 320);
    if (testCase.authorization) authorizationProblems(problem, `${at}.authorization`, testCase.authorization, testCase.login !== undefined);
  });
  return problems;
}

type Report = (field: string, message: string) => void;

function authorizationProblems(problem: Report, at: string, stage: AuthorizationStageInput, hasLogin: boolean): void {
  const { subject, resource, context, expected } = stage;
  length(problem, `${at}.subject.email`, subject.email, 3, 320);
  if (subject.entitlement_source === 'login') {
    if (!hasLogin) problem(`${at}.subject.entitlement_source`, 'login needs a login stage in the same case');
    if (subject.entitlements !== undefined) problem(`${at}.subject.entitlements`, 'come from the login stage when entitlement_source is login');
  }
  const grant = subject.grant;
  if (grant && grant.actions !== '*') {
    if (new Set(grant.actions).size !== grant.actions.length) problem(`${at}.subject.grant.actions`, 'lists an action twice');
    grant.actions.forEach((action, index) => {
      if (!isPolicyAction(action)) problem(`${at}.subject.grant.actions.${index}`, 'is not a policy action');
    });
  }
  if (grant && grant.projects !== '*') {
    if (grant.projects.length < 1 || grant.projects.length > MAX_GRANT_PROJECTS)
      problem(`${at}.subject.grant.projects`, `must list 1 to ${MAX_GRANT_PROJECTS} project ids`);
    if (new Set(grant.projects).size !== grant.projects.length) problem(`${at}.subject.grant.projects`, 'lists a project twice');
    grant.projects.forEach((id, index) => {
      if (!PROJECT_ID_PATTERN.test(id)) problem(`${at}.subject.grant.projects.${index}`, 'is not a project id (proj-<16 characters>)');
    });
  }
  if (expected.allowed && expected.denial_category !== undefined) problem(`${at}.expected.denial_category`, 'only applies when allowed is false');

  const where = `${at}.resource`;
  if (resource.source === 'stored') {
    for (const fact of ['project', 'notebook_labels', 'notebook_author', 'session'] as const) {
      if (resource[fact] !== undefined) problem(`${where}.${fact}`, 'describes a synthetic resource; a stored one is read from the store');
    }
    if (resource.kind !== 'deployment' && resource.project_id === undefined) {
      problem(`${where}.project_id`, 'a stored project, session or session-start resource names its project');
    }
    storedIdProblems(problem, where, resource);
  }
  for (const fact of ['takeover', 'notebook_author'] as const) {
    if (resource[fact] !== undefined && resource.kind !== 'session-start')
      problem(`${where}.${fact}`, `applies to session-start resources, not ${resource.kind}`);
  }
  const members = resource.project?.members ?? [];
  if (members.length > MAX_SYNTHETIC_MEMBERS) problem(`${where}.project.members`, `at most ${MAX_SYNTHETIC_MEMBERS} members`);
  labelProblems(problem, `${where}.project.security_labels`, resource.project?.security_labels);
  labelProblems(problem, `${where}.notebook_labels`, resource.notebook_labels);
  if (context.mode === 'synthetic' && context.value) {
    const value = context.value;
    if (!LABEL_PATTERN.test(value.classification)) problem(`${at}.context.value.classification`, 'is not a valid label');
    if (value.compartments.length > MAX_COMPARTMENTS) problem(`${at}.context.value.compartments`, `at most ${MAX_COMPARTMENTS}`);
    value.compartments.forEach((compartment, index) => {
      if (compartment !== '*' && !LABEL_PATTERN.test(compartment)) problem(`${at}.context.value.compartments.${index}`, 'is not a valid label or *');
    });
    if (Number.isNaN(Date.parse(value.expiresAt))) problem(`${at}.context.value.expiresAt`, 'must be a date-time');
  }
}

/**
 * Which stored resource names what: a notebook for project and session-start actions (the routes
 * under a notebook), a session for session actions; a session brings its own notebook. The ids
 * must be well-formed, as in the routes' paths.
 */
function storedIdProblems(problem: Report, where: string, resource: ResourceInput): void {
  const { kind, notebook_id: notebookId, session_id: sessionId } = resource;
  if (notebookId !== undefined) {
    if (kind === 'deployment' || kind === 'session') problem(`${where}.notebook_id`, `a stored ${kind} resource names no notebook`);
    else if (!NOTEBOOK_ID_PATTERN.test(notebookId)) problem(`${where}.notebook_id`, 'is not a notebook id (nb-<16 characters>)');
  }
  if (kind === 'session' && sessionId === undefined) problem(`${where}.session_id`, 'a stored session resource names its session');
  if (sessionId !== undefined) {
    if (kind !== 'session') problem(`${where}.session_id`, `a stored ${kind} resource names no session`);
    else if (!SESSION_ID_PATTERN.test(sessionId)) problem(`${where}.session_id`, 'is not a session id (ses-<16 characters>)');
  }
}

function labelProblems(problem: Report, at: string, labels: SecurityLabels | null | undefined): void {
  if (!labels) return;
  if (!LABEL_PATTERN.test(labels.classification)) problem(`${at}.classification`, 'is not a valid label');
  if (labels.compartments.length > MAX_COMPARTMENTS) problem(`${at}.compartments`, `at most ${MAX_COMPARTMENTS}`);
  labels.compartments.forEach((compartment, index) => {
    if (!LABEL_PATTERN.test(compartment)) problem(`${at}.compartments.${index}`, 'is not a valid label');
  });
}

function length(problem: Report, field: string, value: string, min: number, max: number): void {
  if ([...value].length < min || [...value].length > max) problem(field, `must be ${min} to ${max} characters`);
}
