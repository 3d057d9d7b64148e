import type { BaseServices, Feature } from '../feature.js';
import { createSecretSourceReader, sourceSyntaxProblem } from '../integrations/index.js';
import { ProjectSecrets } from './core/secrets/project-secrets.js';
import { PROJECT_SECRET_SEALED_RECORDS, ProjectSecretRecords } from './core/secrets/secret-records.js';
import { SecretUseCases } from './core/secrets/secret-use-cases.js';
import { WorkloadAssembler } from './core/workload/workload-assembler.js';
import { userMayUseIntegrations } from '../../core/sandboxes/workload-rights.js';
import { secretRoutes } from './http/secret-routes.js';

/** What project secrets take of the base. */
type ProjectSecretsBase = Pick<BaseServices, 'settings' | 'store' | 'secrets' | 'audit' | 'access' | 'notebooks' | 'projects' | 'users' | 'entitlementRules'>;

/**
 * Project secrets (docs/project-secrets.md): named values a notebook reads as environment
 * variables, their routes, and the workload environment that renders them (and the project's
 * integrations) into the sandboxes of sessions and job runs on every driver.
 */
export const projectSecretsFeature = {
  name: 'project-secrets',
  build(base: ProjectSecretsBase) {
    // References (environment, file, Kubernetes Secret) are read as the integrations' secret fields
    // are: only where an administrator opened them (docs/integrations.md, "Secret sources").
    const reader = createSecretSourceReader(base.settings);
    const projectSecrets = new ProjectSecrets({
      records: new ProjectSecretRecords(base.store, base.secrets),
      audit: base.audit,
      references: {
        reader,
        validate: (source) =>
          sourceSyntaxProblem(source) ??
          (reader.available.includes(source.source) ? null : `${source.source} references are not opened on this hub (docs/integrations.md, "Secret sources")`),
      },
    });
    const workloadAssembler = new WorkloadAssembler({
      secrets: projectSecrets,
      notebooks: base.notebooks,
      mayUse: (userId, projectId) =>
        userMayUseIntegrations(
          { user: (id) => base.users.get(id), project: (id) => base.projects.get(id), entitlementRules: base.entitlementRules },
          userId,
          projectId,
        ),
    });
    const useCases = { secrets: new SecretUseCases({ access: base.access, secrets: projectSecrets }) };
    return {
      services: { projectSecrets, workloadAssembler },
      useCases,
      routes: [{ after: 'notebooks', register: (app) => secretRoutes(app, { useCases }) }],
      workload: workloadAssembler,
    };
  },
  sealedRecords: [PROJECT_SECRET_SEALED_RECORDS],
} satisfies Feature;
