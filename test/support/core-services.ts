import type { AssignableRole } from '../../service/src/core/policy/engine.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { CatalogGate } from '../../service/src/boot/catalog-gate.js';
import { openObjectStore } from '../../service/src/compose/adapters.js';
import { createServices, type HubServices, type RuntimeParts } from '../../service/src/compose/services.js';
import { readSettings } from '../../service/src/config/settings.js';
import { UNRESTRICTED_SCOPE, type TokenScope } from '../../service/src/core/identity/access-tokens.js';
import type { Principal } from '../../service/src/core/identity/authenticator.js';
import type { NotebookRuntime } from '../../service/src/core/ports/notebook-runtime.js';
import type { ObjectStore } from '../../service/src/core/ports/object-store.js';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import { BackgroundWork } from '../../service/src/lifecycle/background-work.js';
import { makeTempDir } from './temp-dir.js';
import { newSecretBox } from './secret-box.js';
import { sandboxOwnerOf } from '../../service/src/core/hub-identity.js';

/**
 * A sandbox driver for services that must never start a sandbox: every call fails loudly. Tests of
 * use cases that run no session use it, so a sandbox started by mistake shows at once.
 */
export class FakeNoSandboxDriver implements SandboxDriver {
  readonly kind = 'fake-none';
  readonly ownerId = 'fake-none';
  readonly canAttach = true;
  private refuse(): never {
    throw new Error('FakeNoSandboxDriver: these services start no sandbox');
  }
  create = async () => this.refuse();
  waitReady = async () => this.refuse();
  exec = async () => this.refuse();
  spawn = async () => this.refuse();
  writeFile = async () => this.refuse();
  readFile = async () => this.refuse();
  replaceSecretFiles = async () => this.refuse();
  exposePort = async () => this.refuse();
  list = async () => [];
  destroy = async () => this.refuse();
  close = async () => {};
}

/** A notebook runtime that is never asked for anything (see FakeNoSandboxDriver). */
const fakeNoRuntime = new Proxy({} as NotebookRuntime, {
  get: (_target, name) => () => Promise.reject(new Error(`FakeNoRuntime: ${String(name)} was called; these services start no sandbox`)),
});

export interface CoreWorld {
  services: HubServices;
  /** The principal of a user with this e-mail, signed in through a browser session (created if unknown). */
  browser(email: string, options?: { superAdmin?: boolean }): Promise<Principal>;
  /** Browser principals of users `<name>@example.com`, by name. */
  people<N extends string>(...names: N[]): Promise<Record<N, Principal>>;
  /** A new project of `owner` with these members (principal and role each); answers its id. */
  project(owner: Principal, name: string, members: readonly (readonly [Principal, AssignableRole])[]): Promise<string>;
  /** The principal of a personal access token of a user with this e-mail. */
  token(email: string, scope?: TokenScope): Promise<Principal>;
  close(): Promise<void>;
}

export interface CoreWorldOptions {
  /** Sandboxes, runtime and the like in place of the ones that refuse every call. */
  parts?: Partial<Pick<RuntimeParts, 'sandboxes' | 'runtime' | 'kernels' | 'background' | 'reclaimTimings' | 'tracer'>>;
  /** Wraps the store the services use (to watch what they write). */
  store?: (inner: ObjectStore) => ObjectStore;
}

/**
 * The hub's services on a real fs store in a temp dir (or in memory with `SERVICE_STORAGE:
 * 'memory'`), with no HTTP server at all: what a CLI command or an MCP tool has in hand. `env` adds
 * SERVICE_* settings.
 */
export async function startCoreWorld(env: Record<string, string> = {}, options: CoreWorldOptions = {}): Promise<CoreWorld> {
  const temp = await makeTempDir('core');
  const settings = readSettings({ SERVICE_DATA_DIR: temp.dir, SERVICE_LOG_LEVEL: 'silent', ...env });
  const logger = createLogger('silent');
  const background = new BackgroundWork();
  const opened = await openObjectStore(settings.storage);
  const services = createServices(settings, options.store ? options.store(opened) : opened, {
    deploymentId: await sandboxOwnerOf(opened),
    secrets: newSecretBox(),
    sandboxes: new FakeNoSandboxDriver(),
    runtime: fakeNoRuntime,
    kernels: { answers: () => Promise.reject(new Error('FakeNoKernelHealth: these services start no sandbox')) },
    events: { publish: () => {} },
    logger,
    background,
    ...options.parts,
  });
  await new CatalogGate(services.catalog, services.audit, logger).ensureReady();
  const userOf = (email: string, superAdmin = false) => services.users.ensureByEmail(email, { name: null, superAdmin }, 'test');
  const browser = async (email: string, options: { superAdmin?: boolean } = {}): Promise<Principal> => {
    const user = await userOf(email, options.superAdmin);
    return {
      user,
      isSuperAdmin: services.authenticator.isSuperAdminUser(user),
      credential: { kind: 'session', provider: 'local', expiresAt: new Date(Date.now() + 3600_000).toISOString(), context: null },
    };
  };
  return {
    services,
    browser,
    async people(...names) {
      const principals = await Promise.all(names.map((name) => browser(`${name}@example.com`)));
      return Object.fromEntries(names.map((name, index) => [name, principals[index]!])) as Record<(typeof names)[number], Principal>;
    },
    async project(owner, name, members) {
      const { projects, members: memberships } = services.useCases;
      const projectId = (await projects.create(owner, { name })).project.id;
      for (const [who, role] of members) await memberships.add(owner, { projectId, userId: who.user.id, role });
      return projectId;
    },
    async token(email, scope = UNRESTRICTED_SCOPE) {
      const user = await userOf(email);
      const issued = await services.tokens.issue(user.id, { name: 'test', expiresAt: null, scope }, 'test');
      const principal = await services.authenticator.bearerToken(issued.token);
      if (!principal) throw new Error('the token just issued did not authenticate');
      return principal;
    },
    async close() {
      await temp.cleanup();
    },
  };
}
