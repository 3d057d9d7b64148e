import type { AccessControl } from '../../../core/access/access-control.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { SecretSourceType } from '../../../core/ports/secret-sources.js';
import type { ConnectionChecks, ConnectionTestResult } from './connection-checks.js';
import type { IntegrationInput, IntegrationReplacement } from './integration-input.js';
import type { IntegrationScope, IntegrationVersionRecord } from './integration-records.js';
import type { IntegrationService, IntegrationWithEtag } from './integration-service.js';
import { integrationView, versionView, type IntegrationView, type IntegrationVersionView } from './integration-views.js';
import { INTEGRATION_KINDS, type IntegrationKind } from './kinds/index.js';

export interface IntegrationUseCaseDeps {
  access: AccessControl;
  integrations: IntegrationService;
  checks: ConnectionChecks;
  /** The sources this deployment offers (the reader's). */
  availableSources: readonly SecretSourceType[];
  /** SERVICE_INTEGRATIONS=on. */
  enabled: boolean;
}

/** A kind as the kinds route lists it: the sources it accepts that this deployment offers. */
export interface KindOffer {
  kind: IntegrationKind;
  secretSources: SecretSourceType[];
}

/** An integration as an answer shows it, and the ETag a write must send back. */
export interface ShownIntegration {
  integration: IntegrationView;
  etag: string;
}

export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Integrations (docs/integrations.md), authorized for a signed-in principal. A project's: read
 * with `integration.read` (viewers), changed and tested with `integration.manage` (managers). The
 * organization's: read by anyone signed in (where secrets come from only by super admins), changed
 * and tested with `org-integration.manage`. Copying one into a project is a change of the project.
 */
export class IntegrationUseCases {
  constructor(private readonly deps: IntegrationUseCaseDeps) {}

  kinds(): KindOffer[] {
    this.ensureEnabled();
    return INTEGRATION_KINDS.map((kind) => ({ kind, secretSources: kind.secretSources.filter((source) => this.deps.availableSources.includes(source)) }));
  }

  async list(principal: Principal, input: { scope: IntegrationScope; cursor: string | null; limit: number }): Promise<Paged<IntegrationView>> {
    const references = await this.authorizeRead(principal, input.scope);
    const page = await this.deps.integrations.list(input.scope, { cursor: input.cursor, limit: input.limit });
    return { items: page.items.map((record) => integrationView(record, { references })), nextCursor: page.nextCursor };
  }

  async get(principal: Principal, input: { scope: IntegrationScope; id: string }): Promise<ShownIntegration> {
    const references = await this.authorizeRead(principal, input.scope);
    return shown(await this.deps.integrations.get(input.scope, input.id), references);
  }

  async versions(
    principal: Principal,
    input: { scope: IntegrationScope; id: string; cursor: string | null; limit: number },
  ): Promise<Paged<IntegrationVersionView>> {
    const references = await this.authorizeRead(principal, input.scope);
    const page = await this.deps.integrations.versions(input.scope, input.id, { cursor: input.cursor, limit: input.limit });
    return { items: page.items.map((version: IntegrationVersionRecord) => versionView(version, { references })), nextCursor: page.nextCursor };
  }

  async create(principal: Principal, input: { scope: IntegrationScope; integration: IntegrationInput }): Promise<ShownIntegration> {
    await this.authorizeManage(principal, input.scope);
    return shown(await this.deps.integrations.create(input.scope, input.integration, principal.user.id), true);
  }

  /** Copies an organization integration into a project (integration.manage on the project). */
  async copy(principal: Principal, input: { projectId: string; from: string; name?: string; env_prefix?: string }): Promise<ShownIntegration> {
    await this.authorizeManage(principal, { kind: 'project', projectId: input.projectId });
    const { projectId, ...copy } = input;
    return shown(await this.deps.integrations.copy(projectId, copy, principal.user.id), true);
  }

  async replace(
    principal: Principal,
    input: { scope: IntegrationScope; id: string; ifMatch: string | null; integration: IntegrationReplacement },
  ): Promise<ShownIntegration> {
    await this.authorizeManage(principal, input.scope);
    return shown(await this.deps.integrations.replace(input.scope, input.id, input.ifMatch, input.integration, principal.user.id), true);
  }

  async delete(principal: Principal, input: { scope: IntegrationScope; id: string; ifMatch: string | null }): Promise<void> {
    await this.authorizeManage(principal, input.scope);
    await this.deps.integrations.delete(input.scope, input.id, input.ifMatch, principal.user.id);
  }

  /** One connection attempt, authorized like a change. */
  async test(principal: Principal, input: { scope: IntegrationScope; id: string }): Promise<ConnectionTestResult> {
    await this.authorizeManage(principal, input.scope);
    const { record } = await this.deps.integrations.get(input.scope, input.id);
    return this.deps.checks.test(input.scope, record, principal.user.id);
  }

  /** Reading: whether the reader may also see where secrets come from. */
  private async authorizeRead(principal: Principal, scope: IntegrationScope): Promise<boolean> {
    this.ensureEnabled();
    if (scope.kind === 'project') {
      await this.deps.access.project(principal, scope.projectId, 'integration.read');
      return true;
    }
    // Names, kinds and non-secret settings are for anyone signed in (to choose what to copy);
    // where secrets come from, only for those who manage them.
    return this.deps.access.decide(principal, 'org-integration.manage', { kind: 'deployment' }).allowed;
  }

  private async authorizeManage(principal: Principal, scope: IntegrationScope): Promise<void> {
    this.ensureEnabled();
    if (scope.kind === 'project') await this.deps.access.project(principal, scope.projectId, 'integration.manage');
    else this.deps.access.deployment(principal, 'org-integration.manage');
  }

  private ensureEnabled(): void {
    if (!this.deps.enabled) throw new HubError('NOT_FOUND', 'integrations are turned off in this deployment (SERVICE_INTEGRATIONS=off)');
  }
}

function shown(found: IntegrationWithEtag, references: boolean): ShownIntegration {
  return { integration: integrationView(found.record, { references }), etag: found.etag };
}
