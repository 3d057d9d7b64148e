import type { Principal } from '../identity/authenticator.js';
import type { AccessControl } from '../access/access-control.js';
import { assertBrowserSession } from '../access/credential-rules.js';
import type { Logger } from '../ports/logger.js';
import type { SandboxStartupReport } from '../ports/sandbox-diagnostics.js';
import type { StartupDiagnostic, StartupDiagnosticInput } from '../sandboxes/startup-diagnostic.js';

export interface DiagnosticUseCaseDeps {
  access: AccessControl;
  startup: StartupDiagnostic;
}

/** Diagnostics of the deployment's runtime: super admins (`admin.access`) in a browser session. */
export class DiagnosticUseCases {
  constructor(private readonly deps: DiagnosticUseCaseDeps) {}

  /**
   * Starts a temporary sandbox, times its phases and destroys it (docs/sandboxes.md); one active run per
   * admin. `logger` carries the caller's context into the `sandbox_startup_diagnostic` event.
   */
  async sandboxStartup(principal: Principal, input: StartupDiagnosticInput, options: { logger?: Logger } = {}): Promise<SandboxStartupReport> {
    assertBrowserSession(principal);
    this.deps.access.deployment(principal, 'admin.access');
    return this.deps.startup.run(principal.user.id, input, options);
  }
}
