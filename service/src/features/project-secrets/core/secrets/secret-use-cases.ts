import type { AccessControl } from '../../../../core/access/access-control.js';
import type { Principal } from '../../../../core/identity/authenticator.js';
import type { ProjectSecrets, SecretCheck, SecretReplacement, SecretSourceInput, VersionCondition } from './project-secrets.js';
import type { StoredProjectSecret } from './secret-records.js';

export interface SecretUseCaseDeps {
  access: AccessControl;
  secrets: ProjectSecrets;
}

/**
 * A project's secrets (docs/project-secrets.md): reading their names and sources is
 * `integration.read`; creating, replacing, deleting and testing them `integration.manage`.
 */
export class SecretUseCases {
  constructor(private readonly deps: SecretUseCaseDeps) {}

  async list(principal: Principal, input: { projectId: string }): Promise<StoredProjectSecret[]> {
    await this.deps.access.project(principal, input.projectId, 'integration.read');
    return this.deps.secrets.list(input.projectId);
  }

  async get(principal: Principal, input: { projectId: string; name: string }): Promise<StoredProjectSecret> {
    await this.deps.access.project(principal, input.projectId, 'integration.read');
    return this.deps.secrets.get(input.projectId, input.name);
  }

  async create(
    principal: Principal,
    input: { projectId: string; secret: SecretSourceInput & { name: string; description?: string } },
  ): Promise<StoredProjectSecret> {
    await this.deps.access.project(principal, input.projectId, 'integration.manage');
    return this.deps.secrets.create(input.projectId, input.secret, principal.user.id);
  }

  async replace(
    principal: Principal,
    input: { projectId: string; name: string; secret: SecretReplacement; ifMatch: VersionCondition },
  ): Promise<StoredProjectSecret> {
    await this.deps.access.project(principal, input.projectId, 'integration.manage');
    return this.deps.secrets.replace(input.projectId, input.name, input.secret, input.ifMatch, principal.user.id);
  }

  async delete(principal: Principal, input: { projectId: string; name: string; ifMatch?: VersionCondition | undefined }): Promise<void> {
    await this.deps.access.project(principal, input.projectId, 'integration.manage');
    await this.deps.secrets.delete(input.projectId, input.name, input.ifMatch, principal.user.id);
  }

  /** Authorized like a write: it reads the value (a reference resolves on the hub). */
  async test(principal: Principal, input: { projectId: string; name: string }): Promise<SecretCheck> {
    await this.deps.access.project(principal, input.projectId, 'integration.manage');
    return this.deps.secrets.test(input.projectId, input.name);
  }
}
