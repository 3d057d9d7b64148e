import { AuditQueries } from '../core/audit/audit-queries.js';
import { LoginFlows } from '../core/identity/login-flows.js';
import type { IdentityProvider } from '../core/ports/identity-provider.js';
import type { SandboxDiagnostics } from '../core/ports/sandbox-diagnostics.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import { StartupDiagnostic } from '../core/sandboxes/startup-diagnostic.js';
import { AuditUseCases } from '../core/use-cases/audit.js';
import { DiagnosticUseCases } from '../core/use-cases/diagnostics.js';
import { MemberUseCases, NotebookUseCases, ProjectUseCases, SessionUseCases, UserUseCases, VersionUseCases, type UseCases } from '../core/use-cases/index.js';
import { RuntimeUseCases } from '../core/use-cases/runtime.js';
import { RuntimeSetupUseCases } from '../core/use-cases/runtime-setup.js';
import { TokenUseCases } from '../core/use-cases/tokens.js';
import { NotebookSearch } from '../core/use-cases/notebook-search.js';
import { WorkspaceUseCases } from '../core/use-cases/workspace.js';
import type { HubSettings } from '../config/settings.js';
import { claimSettingsOf } from '../config/settings-security.js';
import { OIDC_LOGIN_PATH } from '../http/auth/oidc.js';
import type { SessionExtensions } from '../core/sessions/session-extensions.js';
import type { BaseServices } from '../features/feature.js';

/** The sandbox drivers package runs the start-up diagnostic on the deployment's driver; loaded on first use. */
export function sandboxDiagnosticsOf(driver: SandboxDriver, settings: HubSettings): SandboxDiagnostics {
  return {
    async runStartupDiagnostic(request, options) {
      const { runStartupDiagnostic } = await import('@notebook-hub/sandbox-drivers');
      return runStartupDiagnostic(driver, request, { profiles: settings.sandboxes.computeProfiles, ...options });
    },
  };
}

/** Builds the base's use cases on its services (each feature builds its own); `extensions`: what features add to sessions. */
export function createUseCases(services: Omit<BaseServices, 'useCases'>, extensions: SessionExtensions): UseCases {
  const { access, settings } = services;
  const limits = settings.limits;
  const projects = new ProjectUseCases({ access, projects: services.projects, catalog: services.catalog, labelPolicy: services.labelPolicy, limits });
  const notebooks = new NotebookUseCases({
    access,
    notebooks: services.notebooks,
    workspace: services.workspace,
    changeRules: { labels: services.labelPolicy, computeProfileOverride: settings.sandboxes.computeProfileOverride },
    limits,
  });
  return {
    projects,
    notebooks,
    search: new NotebookSearch({ projects, notebooks }),
    members: new MemberUseCases({ access, projects: services.projects }),
    versions: new VersionUseCases({ access, notebooks: services.notebooks, sessions: services.sessions, limits }),
    sessions: new SessionUseCases({
      access,
      sessions: services.sessions,
      sessionStore: services.sessionStore,
      startupTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
      limits,
      profiles: { names: settings.sandboxes.computeProfiles.map((profile) => profile.name), choice: settings.sandboxes.computeProfileOverride },
      // Read when a preview session starts: Git previews are a feature's, built after the base.
      get previews() {
        return extensions.previews;
      },
    }),
    users: new UserUseCases({
      access,
      users: services.users,
      authenticator: services.authenticator,
      configuredSuperAdmins: settings.auth.superAdmins,
      limits,
    }),
    workspace: new WorkspaceUseCases({ access, workspace: services.workspace }),
    audit: new AuditUseCases({ access, queries: new AuditQueries(services.store) }),
    tokens: new TokenUseCases({ tokens: services.tokens, authenticator: services.authenticator, entitlementRules: services.entitlementRules }),
    runtime: new RuntimeUseCases({ access, catalog: services.catalog, sessions: services.sessionStore, reclaimer: services.reclaimer }),
    runtimeSetup: new RuntimeSetupUseCases({
      access,
      audit: services.audit,
      setup: services.sandboxes.runtimeSetup,
      driverKind: services.sandboxes.kind,
    }),
    diagnostics: new DiagnosticUseCases({
      access,
      startup: new StartupDiagnostic({
        store: services.store,
        diagnostics: sandboxDiagnosticsOf(services.sandboxes, settings),
        audit: services.audit,
        images: settings.sandboxes.images,
        readinessTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
        instanceId: services.instanceId,
      }),
    }),
  };
}

/** OIDC sign-in flows with this identity provider (where SERVICE_AUTH=oidc). */
export function createLoginFlows(services: Pick<BaseServices, 'store' | 'secrets' | 'signIns' | 'settings'>, provider: IdentityProvider): LoginFlows {
  return new LoginFlows({
    store: services.store,
    secrets: services.secrets,
    provider,
    signIns: services.signIns,
    claims: claimSettingsOf(services.settings),
    loginPath: OIDC_LOGIN_PATH,
  });
}
