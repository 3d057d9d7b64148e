import type { AuditLog } from '../audit/audit-log.js';
import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { AccessControl } from '../access/access-control.js';
import type { Logger } from '../ports/logger.js';
import type { RuntimeSetup, RuntimeSetupStatus } from '../ports/sandbox-driver.js';

/** What a user who cannot repair the runtime is told about each state. */
const FOR_USERS: Record<RuntimeSetupStatus['state'], string> = {
  ready: 'The notebook runtime is ready.',
  preparing: 'The notebook runtime is being set up.',
  missing: 'The notebook runtime is set up when the first notebook opens.',
  needs_repair: 'The notebook runtime needs a repair: notebooks may not start until an administrator repairs it.',
  no_python: 'Notebooks cannot run on this machine until an administrator installs Python 3.',
  failed: 'Setting up the notebook runtime failed: notebooks cannot start until an administrator repairs it.',
};

export interface RuntimeSetupUseCaseDeps {
  access: AccessControl;
  audit: AuditLog;
  /** The driver's runtime set-up; undefined for drivers whose runtime comes in an image. */
  setup: RuntimeSetup | undefined;
  /** The driver's kind, to say which one has nothing to set up. */
  driverKind: string;
}

/** What the status routes answer: the driver's status, or that this driver has no runtime to set up. */
export type RuntimeSetupView =
  (Omit<RuntimeSetupStatus, 'logTail'> & { logTail: string | null }) | { state: 'not_applicable'; percent: null; step: null; detail: string; logTail: null };

/**
 * The notebook runtime's set-up (docs/runtime.md): its status for anyone signed in (the build log
 * only for those who may administer the deployment), and a build or rebuild for super admins
 * (`admin.access`), run in the background and joined by every other caller.
 */
export class RuntimeSetupUseCases {
  constructor(private readonly deps: RuntimeSetupUseCaseDeps) {}

  async status(principal: Principal): Promise<RuntimeSetupView> {
    const { setup } = this.deps;
    if (setup === undefined) return this.notApplicable();
    const status = await setup.status();
    // The log and the details name the machine's paths and commands' output: the same rule as
    // every admin page decides who sees them; others learn the state and whom to ask.
    if (this.deps.access.decide(principal, 'admin.access', { kind: 'deployment' }).allowed) return status;
    return { ...status, detail: FOR_USERS[status.state], logTail: null };
  }

  /**
   * Starts building the runtime (again, with `rebuild`) and answers its status right after: a build
   * already running is joined, not restarted. Refused with RUNTIME_SETUP_NOT_APPLICABLE where the
   * driver has no runtime to build.
   */
  async prepare(principal: Principal, input: { rebuild?: boolean }, options: { logger?: Logger } = {}): Promise<RuntimeSetupView> {
    this.deps.access.deployment(principal, 'admin.access');
    const { setup } = this.deps;
    if (setup === undefined) {
      throw new HubError(
        'RUNTIME_SETUP_NOT_APPLICABLE',
        `the ${this.deps.driverKind} sandbox driver has no notebook runtime to set up: its sandboxes run the runtime of their image`,
      );
    }
    const rebuild = input.rebuild ?? false;
    const before = await setup.status();
    await this.deps.audit.append({
      event: 'runtime.setup_requested',
      actor: principal.user.id,
      metadata: { rebuild, state_before: before.state },
    });
    // A current runtime has nothing to build unless a rebuild is asked for (the stamp check would say so at once).
    if (!rebuild && before.state === 'ready') return before;
    const logger = options.logger;
    // The request answers at once; the outcome is the status's to tell (and the log's).
    setup.prepare({ rebuild }).then(
      () => logger?.info({ event: 'runtime_setup_finished', rebuild }, 'notebook runtime set up'),
      (error: unknown) => logger?.error({ event: 'runtime_setup_failed', rebuild, err: error }, 'notebook runtime set-up failed'),
    );
    return setup.status();
  }

  private notApplicable(): RuntimeSetupView {
    return {
      state: 'not_applicable',
      percent: null,
      step: null,
      detail: `The ${this.deps.driverKind} sandbox driver runs the notebook runtime of its image: there is nothing to set up here.`,
      logTail: null,
    };
  }
}
