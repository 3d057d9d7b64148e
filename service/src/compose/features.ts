import { alertsFeature } from '../features/alerts/index.js';
import { dataBrowserFeature } from '../features/data-browser/index.js';
import { environmentsFeature } from '../features/environments/index.js';
import { federationFeature } from '../features/federation/index.js';
import { gitFeature } from '../features/git/index.js';
import { importsFeature } from '../features/imports/index.js';
import { integrationsFeature } from '../features/integrations/index.js';
import { jobsFeature } from '../features/jobs/index.js';
import { mcpFeature } from '../features/mcp/index.js';
import { surfacesFeature } from '../features/surfaces/index.js';
import { projectSecretsFeature } from '../features/project-secrets/index.js';
import { syncApiFeature } from '../features/sync-api/index.js';
import { remotesFeature } from '../features/remotes/index.js';
import type { Feature } from '../features/feature.js';
import type { RecordCheck } from '../core/recovery/plan.js';
import { REPLAYABLE_RESPONSE_RECORDS, type SealedRecordKind } from '../core/secrets/sealed-records.js';
import { SESSION_SEALED_RECORDS } from '../core/sessions/session-secrets.js';
import { WARM_SANDBOX_SEALED_RECORDS } from '../core/sessions/warm-pool.js';
import { LOGIN_FLOW_SEALED_RECORDS } from '../core/identity/login-flows.js';

/**
 * The hub's capabilities, one line each (docs/architecture.md, "How to add a capability"). The
 * order is the order their routes take at one anchor (and so in the OpenAPI document), their
 * housekeeping tasks in the maintenance cycle and their tools in an MCP client's list.
 */
export const FEATURES = [
  importsFeature,
  alertsFeature,
  jobsFeature,
  gitFeature,
  mcpFeature,
  surfacesFeature,
  federationFeature,
  integrationsFeature,
  projectSecretsFeature,
  dataBrowserFeature,
  environmentsFeature,
  syncApiFeature,
  remotesFeature,
] as const;

/** What `notebook-hub recover` checks of the records the features keep outside the catalog. */
export function recordChecks(): RecordCheck[] {
  return FEATURES.flatMap((feature: Feature) => feature.recoveryChecks ?? []);
}

/**
 * Where one feature serves another, the composition root links them once every feature is built:
 * sandboxes receive the project's integrations through the workload environment of project secrets,
 * the data browser reads them, Git sync takes its credentials from `git` integrations (a project's
 * own Git credentials are one), managed AI its provider from the organization's `openai`
 * integration, the sync API names them in a project's manifest and runs notebooks as jobs for
 * another hub, and locked environments resolve and build against a project's private package
 * indexes (`python_index` integrations), as the installs at each start do where locking is off.
 */
export function linkFeatures(services: FeatureServices & { useCases: FeatureUseCases }): void {
  services.workloadAssembler.useIntegrations(services.integrationsForSandboxes);
  services.dataBrowser.useIntegrations(services.integrationsForSandboxes);
  services.gitCredentials.useIntegrations(services.integrationsForSandboxes);
  services.gitCredentials.useProjectIntegrations(services.gitCredentialsIntegrations);
  services.managedAi.useIntegrations(services.integrationsForSandboxes);
  services.syncApi.useIntegrations(services.integrationsForSandboxes);
  services.syncApi.useJobs(services.useCases.jobs);
  services.packageSources.useIndexes(services.integrationsForSandboxes);
}

/** Every kind of record with secrets, the base's and the features': what migration and key rotation walk. */
export function sealedRecordKinds(): SealedRecordKind[] {
  const base = [SESSION_SEALED_RECORDS, WARM_SANDBOX_SEALED_RECORDS, LOGIN_FLOW_SEALED_RECORDS, REPLAYABLE_RESPONSE_RECORDS];
  return [...base, ...FEATURES.flatMap((feature: Feature) => feature.sealedRecords ?? [])];
}

/** What the features build, one member of the union each. */
type Built = ReturnType<(typeof FEATURES)[number]['build']>;
type Intersection<Union> = (Union extends unknown ? (whole: Union) => void : never) extends (whole: infer Each) => void ? Each : never;

/** Each feature's own (a type parameter, so that it is taken from each feature of the union: one without any adds nothing). */
type ServicesOf<Parts> = Parts extends { services: infer Services } ? Services : never;
type UseCasesOf<Parts> = Parts extends { useCases: infer UseCases } ? UseCases : never;

/** The services the features add to the hub's (`hub.services.jobScheduler`, ...). */
export type FeatureServices = Intersection<ServicesOf<Built>>;
/** The use cases the features add to the hub's (`hub.services.useCases.jobs`, ...). */
export type FeatureUseCases = Intersection<UseCasesOf<Built>>;
