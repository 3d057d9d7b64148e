/**
 * The port through which the hub runs code: a sandbox is an isolated place with a workspace
 * directory, the pinned notebook runtime on its PATH (`python`, `marimo`, `uv`) and a few named
 * ports the hub can reach on a loopback address. Adapters: local processes, Docker, Kubernetes.
 */

/** ComputeResources (docs/configuration.md). Drivers that cannot enforce a field record it and say so in their docs. */
export interface ComputeResources {
  cpu?: number;
  memory_bytes?: number;
  gpu?: string;
}

export interface SandboxSpec {
  /** Image reference; `undefined` means the driver's configured default. */
  image?: string;
  compute: ComputeResources;
  /**
   * Names of the ports processes in the sandbox will listen on (for example `marimo`). The driver
   * picks the in-sandbox number of each ({@link Sandbox.ports}) and makes it reachable from the hub
   * ({@link SandboxDriver.exposePort}).
   */
  ports?: string[];
  /** Environment of every process started in the sandbox, on top of the driver's own. */
  env?: Record<string, string>;
  /** Free-form metadata kept with the sandbox and returned by `list()` (session id, purpose...). */
  labels?: Record<string, string>;
  /**
   * What the notebook may use (project secrets, integrations; docs/project-secrets.md), delivered
   * when the sandbox is created and never written where the hub keeps its records. Unlike `env`,
   * drivers keep these values out of anything they store or log.
   */
  secrets?: SandboxSecrets;
  /**
   * Directories of the hub's machine the sandbox sees (a notebook's built environment,
   * docs/environments.md). Only the Docker driver takes them (bind mounts: its engine must run on
   * the hub's machine); a local sandbox reads the hub's files where they are and is never given
   * any; the others refuse them.
   */
  mounts?: SandboxMount[];
}

export interface SandboxMount {
  /** An absolute directory of the hub's machine. */
  source: string;
  /** Where the sandbox sees it (absolute). */
  target: string;
  readOnly: boolean;
}

/** The variable that names the directory of a sandbox's secret files (when it has any). */
export const SECRETS_DIR_VARIABLE = 'NOTEBOOK_HUB_SECRETS_DIR';

/**
 * A sandbox's secrets: variables every process in it gets, and files in a directory of their own
 * outside the workspace (owner-only: the directory 0700, each file 0600 or read-only), named by
 * {@link SECRETS_DIR_VARIABLE}.
 */
export interface SandboxSecrets {
  env: Record<string, string>;
  /** File name (letters, digits, `.`, `_`, `-`; no `/`) to content. */
  files: Record<string, Uint8Array>;
  /** Variables whose value is the absolute path of one of `files` (e.g. `AWS_WEB_IDENTITY_TOKEN_FILE`). */
  fileEnv?: Record<string, string>;
}

/** A name a secret file may have in the secrets directory. */
export const SECRET_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/** Whether a spec's secrets give anything at all. */
export const hasSecrets = (secrets: SandboxSecrets | undefined): secrets is SandboxSecrets =>
  secrets !== undefined && (Object.keys(secrets.env).length > 0 || Object.keys(secrets.files).length > 0 || Object.keys(secrets.fileEnv ?? {}).length > 0);

/**
 * Checks a spec's secrets before a driver delivers them: variable names a shell accepts, file
 * names without a path, file variables that name a given file. Throws SPAWN_FAILED otherwise.
 */
export function checkSandboxSecrets(secrets: SandboxSecrets): void {
  const variable = /^[A-Za-z_][A-Za-z0-9_]*$/;
  for (const name of [...Object.keys(secrets.env), ...Object.keys(secrets.fileEnv ?? {})]) {
    if (!variable.test(name)) throw new SandboxError('SPAWN_FAILED', `not an environment variable name: ${JSON.stringify(name)}`);
  }
  for (const name of Object.keys(secrets.files)) {
    if (!SECRET_FILE_NAME.test(name)) throw new SandboxError('SPAWN_FAILED', `not a secret file name: ${JSON.stringify(name)}`);
  }
  for (const [name, file] of Object.entries(secrets.fileEnv ?? {})) {
    if (!(file in secrets.files)) throw new SandboxError('SPAWN_FAILED', `${name} names no secret file (${JSON.stringify(file)})`);
  }
}

export interface Sandbox {
  id: string;
  image: string;
  /** Absolute path of the workspace inside the sandbox; the default working directory. */
  workspaceDir: string;
  /** A private directory outside the workspace (HOME): caches, the notebook's package environment. */
  homeDir: string;
  /** Address processes in the sandbox bind to so that their exposed ports reach the hub. */
  bindHost: string;
  /** The in-sandbox port number assigned to each requested port name. */
  ports: Record<string, number>;
  createdAt: string;
}

export interface ExecRequest {
  argv: string[];
  /** Relative to the workspace, or absolute inside the sandbox. Default: the workspace. */
  cwd?: string;
  env?: Record<string, string>;
  stdin?: string | Buffer;
  /** Default 60 s. On expiry the command is killed and the call fails with COMMAND_FAILED. */
  timeoutMs?: number;
  /** Fail with COMMAND_FAILED when the exit code is not 0 (otherwise it is returned). */
  check?: boolean;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** A long-running process started in a sandbox (a marimo server). It ends with the sandbox. */
export interface SandboxProcess {
  /** Settles when the process exits; `exitCode` is null when it was killed by a signal. */
  readonly exited: Promise<{ exitCode: number | null }>;
  /** The last bytes of its output, for error reports. */
  outputTail(): { stdout: string; stderr: string };
}

export type ReadinessProbe =
  | { kind: 'exec'; argv: string[] }
  /** An HTTP GET through the exposed port that must answer 2xx. */
  | { kind: 'http'; port: string; path: string };

export interface WaitReadyOptions {
  /** Default: `exec` of `true`, i.e. the sandbox can run a command. */
  probe?: ReadinessProbe;
  timeoutMs: number;
  /** Stop waiting early (for example when the process that should answer has exited). */
  signal?: AbortSignal;
}

export interface SandboxSummary {
  id: string;
  ownerId: string;
  image: string;
  createdAt: string;
  /** `running` while its processes (or container) are alive. */
  state: 'running' | 'exited' | 'unknown';
  labels: Record<string, string>;
}

/**
 * Where the hub reaches an exposed port: a loopback address for local and Docker sandboxes, the
 * pod's (or its Service's) cluster address for Kubernetes ones.
 */
export interface PortEndpoint {
  host: string;
  port: number;
}

/**
 * Where the set-up of a driver's notebook runtime stands (docs/runtime.md):
 * - `ready`: sessions can start;
 * - `preparing`: being built now (`percent` and `step` say how far);
 * - `missing`: never built; the first session start (or a prepare) builds it;
 * - `needs_repair`: built, but unusable (an install that did not finish, other pins, tools that do not run);
 * - `no_python`: unusable, and nothing to build it from;
 * - `failed`: the last build failed (`detail` says why, the log tail shows the output).
 */
export type RuntimeSetupState = 'ready' | 'preparing' | 'missing' | 'needs_repair' | 'no_python' | 'failed';

export interface RuntimeSetupStatus {
  state: RuntimeSetupState;
  /** 0..100 while preparing, else null. */
  percent: number | null;
  /** What the build is doing while preparing, else null. */
  step: string | null;
  /** For people: what the state means here, with the cause when something is wrong. */
  detail: string;
  /** The last lines of the current or last build's output ('' when this process built nothing yet). */
  logTail: string;
}

/**
 * A driver whose sandboxes run on a runtime it builds on this machine (the local driver's venv).
 * Drivers whose runtime comes in an image (Docker, Kubernetes) have none.
 */
export interface RuntimeSetup {
  /** The runtime's state, without changing anything. */
  status(): Promise<RuntimeSetupStatus>;
  /**
   * Builds the runtime when it is not current (and again even when it is, with `rebuild`). Single
   * flight: a call while a build runs, including the one a sandbox start triggers, joins that build.
   * Resolves when the build is over; rejects with its failure.
   */
  prepare(options?: { rebuild?: boolean }): Promise<void>;
}

export interface CreateOptions {
  /**
   * Each step of the start as it happens ("scheduled on node n1", "image present on the node"),
   * for the session's start progress. Drivers whose start is one step report nothing.
   */
  onProgress?: (step: string) => void;
}

export interface SandboxDriver {
  /** `local`, `docker`, ... (reported as the compute backend). */
  readonly kind: string;
  /** The hub or deployment id that owns the sandboxes this instance creates and lists. */
  readonly ownerId: string;
  /**
   * Whether this instance can work with a sandbox an earlier hub process (or another replica)
   * created: read its files and destroy it, not only list it. Without it a session whose replica
   * went away cannot be saved from its sandbox, only destroyed (docs/sessions.md).
   */
  readonly canAttach: boolean;
  /** The set-up of the runtime this driver builds itself; absent when it has none to build. */
  readonly runtimeSetup?: RuntimeSetup;
  /** Creates the sandbox and resolves once it can run commands. */
  create(spec: SandboxSpec, options?: CreateOptions): Promise<Sandbox>;
  /**
   * Resolves once the probe succeeds; fails with NOT_READY after `timeoutMs`. A sandbox that never
   * became ready keeps running: destroying it is the caller's decision.
   */
  waitReady(id: string, options: WaitReadyOptions): Promise<void>;
  exec(id: string, request: ExecRequest): Promise<ExecResult>;
  /** Starts a process and returns without waiting for it; SPAWN_FAILED when it cannot start. */
  spawn(id: string, request: Omit<ExecRequest, 'timeoutMs' | 'check'>): Promise<SandboxProcess>;
  /** Paths are relative to the workspace; parent directories are created. */
  writeFile(id: string, path: string, data: string | Buffer): Promise<void>;
  readFile(id: string, path: string): Promise<Buffer>;
  /**
   * Gives files the sandbox received in its secrets at create ({@link SandboxSpec.secrets}) new
   * content while it runs: a short-lived credential written again before it expires (docs/federation.md,
   * "Refreshing"). Each file is replaced whole, so that a process reading it sees the old or the new
   * content, never a part. Only files the sandbox was created with: another name is SPAWN_FAILED,
   * and a sandbox that is gone NOT_FOUND. Kubernetes updates the sandbox's Secret, which the kubelet
   * carries into the mounted volume on its next sync of the pod (within a minute or two).
   */
  replaceSecretFiles(id: string, files: Record<string, Uint8Array>): Promise<void>;
  exposePort(id: string, port: string): Promise<PortEndpoint>;
  /** Every sandbox this owner has, including ones left behind by an earlier hub process. */
  list(): Promise<SandboxSummary[]>;
  /** Stops every process and removes the sandbox. Destroying an unknown id does nothing. */
  destroy(id: string): Promise<void>;
  /** Releases the driver's own resources; sandboxes keep running. */
  close(): Promise<void>;
}

export type SandboxErrorCode =
  /** The command ran and failed: non-zero exit with `check`, or killed at its timeout. */
  | 'COMMAND_FAILED'
  /** The command could not be started (no such executable, bad working directory...). */
  | 'SPAWN_FAILED'
  /** The backend itself failed (Docker engine unreachable, container gone, disk full...). */
  | 'BACKEND_ERROR'
  /** The readiness probe did not succeed in time. */
  | 'NOT_READY'
  /** No sandbox with that id (owned by this hub). */
  | 'NOT_FOUND'
  /** The backend has no room for the sandbox's compute (no node fits it, a quota is used up). */
  | 'CAPACITY';

export class SandboxError extends Error {
  constructor(
    readonly code: SandboxErrorCode,
    message: string,
    options?: { cause?: unknown; result?: ExecResult; timedOut?: boolean },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SandboxError';
    this.result = options?.result;
    this.timedOut = options?.timedOut ?? false;
  }
  /** What the command printed, when it ran at all. */
  readonly result: ExecResult | undefined;
  readonly timedOut: boolean;
}

export const isSandboxError = (error: unknown, code?: SandboxErrorCode): error is SandboxError =>
  error instanceof SandboxError && (code === undefined || error.code === code);
