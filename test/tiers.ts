/**
 * The test tiers: each is a vitest project that provisions only what its files need, so a run of
 * one tier (`npx vitest run --project unit`) or of one file never waits for a cluster it does not
 * use. `npm test` runs them all (scripts/test.mjs); CONTRIBUTING.md says which to run when.
 *
 * A file belongs to the first tier in this list whose `include` matches it; the architecture test
 * (test/architecture/test-tiers.test.ts) checks that every test file has a tier and that the
 * prerequisites its imports inject are ones its tier provisions.
 */

/**
 * What a tier's global set-up can provision (test/setup/global-setup.ts), besides `build`: the
 * compiled service and the built UI, which every tier that starts a hub process or serves the UI
 * needs.
 */
export const PREREQUISITES = [
  'build',
  'seaweedfs',
  'postgres',
  'mariadb',
  'sandboxRuntime',
  'surfaceRuntime',
  'chromium',
  'nginx',
  'schemathesis',
  'helm',
  'telemetryReceivers',
  'docker',
  'kubernetes',
] as const;
export type Prerequisite = (typeof PREREQUISITES)[number];

export interface Tier {
  name: string;
  /** One line for the run's summary and CONTRIBUTING.md. */
  description: string;
  /** Globs from the repository root; a file matched by an earlier tier is not this tier's. */
  include: readonly string[];
  /** Provisioned in this order by the tier's global set-up. */
  prerequisites: readonly Prerequisite[];
  /**
   * How many of its files run at once (vitest's default is one fewer than the cores: one, on the two
   * of a CI machine). Files that mostly wait — on marimo, a browser, a cluster — share the cores well.
   */
  maxWorkers?: number;
  /**
   * Whether each file gets modules of its own (vitest's default). False: the files a worker runs
   * share the modules they import, so the hub's code is loaded once per worker instead of once per
   * file (more than half of these tiers' time went to loading it). Their files must leave no state
   * behind in a module that another file could see.
   */
  isolate?: boolean;
  /**
   * A vitest project file of the tier's own, where its files need more than this list says (the UI's
   * component tests: jsdom, the React plugin, a set-up file); its `include` must match the one here.
   */
  config?: string;
}

const BENCH: Tier = {
  name: 'bench',
  description: 'the benchmark scripts, run briefly so that they keep working',
  include: ['test/bench/**/*.test.ts'],
  // PostgreSQL's and MariaDB's Debian packages come with the one apt-get of the background provisioning, as for e2e-data.
  prerequisites: ['build', 'postgres', 'mariadb', 'seaweedfs', 'sandboxRuntime', 'surfaceRuntime', 'chromium', 'telemetryReceivers', 'docker', 'kubernetes'],
  // The hub's benchmarks beside the sandboxes': run briefly, their figures are not judged.
  maxWorkers: 2,
};

const DEPLOY: Tier = {
  name: 'e2e-deploy',
  description: 'the Helm chart rendered, validated and installed on the test cluster',
  include: ['test/deploy/**/*.test.ts'],
  prerequisites: ['build', 'seaweedfs', 'sandboxRuntime', 'helm', 'docker', 'kubernetes'],
};

const KUBERNETES: Tier = {
  name: 'e2e-kubernetes',
  description: 'the Kubernetes sandbox driver and sessions on a real single-node cluster',
  include: ['sandbox-drivers/src/kubernetes/**/*.test.ts', '**/*-kubernetes*.test.ts'],
  prerequisites: ['build', 'seaweedfs', 'sandboxRuntime', 'chromium', 'telemetryReceivers', 'docker', 'kubernetes'],
  maxWorkers: 2,
  isolate: false,
};

const DOCKER: Tier = {
  name: 'e2e-docker',
  description: 'the Docker sandbox driver, sessions and jobs in containers, the hub image and Compose file',
  include: [
    'sandbox-drivers/src/docker/**/*.test.ts',
    '**/*-docker*.test.ts',
    'test/docker/**/*.test.ts',
    'test/api/deep-health.test.ts',
    'test/desktop/sandbox-choice.test.ts',
    'test/ui/desktop-window.test.ts',
  ],
  prerequisites: ['build', 'sandboxRuntime', 'chromium', 'telemetryReceivers', 'docker'],
  maxWorkers: 2,
  isolate: false,
};

const S3: Tier = {
  name: 'e2e-s3',
  description: 'the S3 object store adapter and a hub on SeaweedFS',
  include: ['service/src/adapters/store/s3-store.test.ts', 'test/api/s3-hub.test.ts'],
  prerequisites: ['build', 'seaweedfs'],
  maxWorkers: 2,
};

const REMOTES: Tier = {
  name: 'e2e-remotes',
  description:
    'hub-to-hub sync between two real hubs: a desktop hub process and a team hub on SeaweedFS with OIDC sign-in in Chromium, running sessions and jobs on the local sandbox runtime',
  include: ['test/e2e/remotes-*.test.ts'],
  prerequisites: ['build', 'seaweedfs', 'chromium', 'sandboxRuntime'],
  maxWorkers: 2,
  isolate: false,
};

const DATA: Tier = {
  name: 'e2e-data',
  description: 'the data servers integrations and the data browser reach: PostgreSQL, MariaDB, SeaweedFS S3 with STS for workload identity',
  include: ['test/data/**/*.test.ts'],
  // The runtime's uv runs the notebooks the data browser writes.
  prerequisites: ['build', 'postgres', 'mariadb', 'seaweedfs', 'sandboxRuntime'],
  maxWorkers: 2,
  isolate: false,
};

const CONTRACT: Tier = {
  name: 'contract',
  description: 'the API against its OpenAPI document with schemathesis',
  include: ['test/contract/schemathesis.test.ts'],
  prerequisites: ['build', 'schemathesis'],
};

const SURFACES: Tier = {
  name: 'e2e-surfaces',
  description: 'VS Code (code-server) and OpenCode in edit sessions',
  include: [
    'sandbox-drivers/src/surfaces/**/*.test.ts',
    'test/e2e/session-surfaces*.test.ts',
    'test/ui/session-surfaces.test.ts',
    'test/security/surface-credentials.test.ts',
  ],
  prerequisites: ['build', 'sandboxRuntime', 'surfaceRuntime', 'chromium'],
  maxWorkers: 2,
  isolate: false,
};

const BROWSER: Tier = {
  name: 'e2e-browser',
  description: 'the UI in Chromium against hubs with real marimo, sign-in through OIDC, the reverse proxy, the Data tab over PostgreSQL and SeaweedFS',
  include: ['test/ui/**/*.test.ts', 'test/mcp/mcp-oauth*.test.ts', 'test/api/oidc*.test.ts', 'test/proxy/**/*.test.ts'],
  // The data servers start in seconds (their packages are the e2e-data tier's): the Data tab's pages browse real ones.
  prerequisites: ['build', 'sandboxRuntime', 'chromium', 'nginx', 'postgres', 'seaweedfs'],
  maxWorkers: 2,
  isolate: false,
};

const TELEMETRY: Tier = {
  name: 'e2e-telemetry',
  description: 'traces and log lines over OTLP into real receivers (Jaeger, VictoriaLogs), with real marimo on the local driver',
  include: ['test/telemetry/**/*.test.ts'],
  prerequisites: ['build', 'sandboxRuntime', 'telemetryReceivers'],
  maxWorkers: 2,
};

const LOCAL: Tier = {
  name: 'e2e-local',
  description: 'sessions, jobs, Git and MCP with real marimo on the local sandbox driver',
  include: [
    'sandbox-drivers/src/local/**/*.test.ts',
    'test/e2e/**/*.test.ts',
    'test/git/**/*.test.ts',
    'test/mcp/**/*.test.ts',
    'test/security/**/*.test.ts',
    'test/api/my-sessions.test.ts',
    'test/api/notebook-imports-run.test.ts',
    'test/api/runtime-setup.test.ts',
    'test/api/sandbox-diagnostic.test.ts',
    'test/api/session-access.test.ts',
    'test/desktop/desktop-hub.test.ts',
    'test/desktop/runtime-first-run.test.ts',
  ],
  prerequisites: ['build', 'sandboxRuntime'],
  maxWorkers: 3,
  isolate: false,
};

const API: Tier = {
  name: 'api',
  description: 'the hub over HTTP on a filesystem store with fake sandbox drivers, adapters over local I/O, the CLI',
  include: [
    'test/api/**/*.test.ts',
    'test/contract/**/*.test.ts',
    'service/src/adapters/alerts/**/*.test.ts',
    'service/src/adapters/data-browser/preview/previewer-build.test.ts',
    'service/src/adapters/git/**/*.test.ts',
    'service/src/adapters/integrations/**/*.test.ts',
    'service/src/adapters/store/fs-store.processes.test.ts',
    'service/src/adapters/telemetry/logger.test.ts',
    'service/src/cli/**/*.test.ts',
    'service/src/compose/hub.test.ts',
    'test/desktop/desktop-launcher.test.ts',
    'test/desktop/instance-lock.test.ts',
    'test/desktop/launch-paths.test.ts',
    'test/desktop/packaging.test.ts',
    'test/desktop/secrets-key.test.ts',
  ],
  prerequisites: ['build'],
  maxWorkers: 2,
  isolate: false,
};

const UNIT: Tier = {
  name: 'unit',
  description: 'core, policy, use cases and pure modules: no network, no child processes, no provisioning',
  include: [
    'service/src/**/*.test.ts',
    'sandbox-drivers/src/**/*.test.ts',
    'test/core/**/*.test.ts',
    'test/architecture/**/*.test.ts',
    'test/desktop/**/*.test.ts',
    'test/setup/**/*.test.ts',
  ],
  prerequisites: [],
  maxWorkers: 2,
  isolate: false,
};

const UNIT_UI: Tier = {
  name: 'unit-ui',
  description: 'UI components and pages under jsdom',
  include: ['renderer/src/**/*.test.tsx'],
  prerequisites: [],
  // Its workers and their shared modules are set in renderer/vitest.config.ts, the project file that runs the tier.
  config: 'renderer/vitest.config.ts',
};

/** In the order a file is matched; `npm test` runs them from the fastest up (TIER_RUN_ORDER). */
export const TIERS: readonly Tier[] = [BENCH, DEPLOY, KUBERNETES, DOCKER, S3, REMOTES, DATA, CONTRACT, SURFACES, BROWSER, TELEMETRY, LOCAL, API, UNIT, UNIT_UI];

/** The order `npm test` runs the tiers: quick answers first, the ones that wait on heavy provisioning last. */
export const TIER_RUN_ORDER: readonly string[] = [
  'unit',
  'unit-ui',
  'api',
  'e2e-local',
  'e2e-s3',
  'e2e-data',
  'contract',
  'e2e-browser',
  // Chromium, provisioned in the background, is there once e2e-browser ran.
  'e2e-remotes',
  'e2e-surfaces',
  // Its receivers are Go builds, the first the background makes (before the cluster's binaries and helm).
  'e2e-telemetry',
  'e2e-docker',
  'e2e-kubernetes',
  'e2e-deploy',
  'bench',
];

/** The globs a tier must not take: every earlier tier's. */
export function excludedFrom(tier: Tier): string[] {
  const index = TIERS.indexOf(tier);
  return TIERS.slice(0, index).flatMap((earlier) => earlier.include);
}

export function tierNamed(name: string): Tier {
  const tier = TIERS.find((candidate) => candidate.name === name);
  if (!tier) throw new Error(`no test tier is named "${name}" (test/tiers.ts has ${TIERS.map((known) => known.name).join(', ')})`);
  return tier;
}
