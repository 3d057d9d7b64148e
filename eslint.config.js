import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// The dependency rule (docs/architecture.md, "Layers and the dependency rule").
// Each layer lists the imports it must not make; an import is matched as written (relative
// specifiers from any depth, package names). A feature (service/src/features/<name>/) holds layers
// of its own, and each follows its layer's rule: its core/ is core, its http/, mcp-tools/ and loops/ are
// surfaces, its feature.ts is composition. test/architecture/dependency-rule.test.ts proves that
// every layer's rule reports a forbidden import and lets a permitted one through.
// ---------------------------------------------------------------------------------------------

/** The service's folders besides core/ (service/src/<name>). */
const SERVICE_LAYERS = ['adapters', 'compose', 'http', 'config', 'cli', 'loops', 'boot', 'lifecycle'];
/** The features: the folders of service/src/features/. */
const FEATURE_NAMES = readdirSync(path.join(import.meta.dirname, 'service/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Vendor SDKs that only adapters (and the composition root that builds them) may load. */
const ADAPTER_SDKS = '@aws-sdk/|@opentelemetry/|@kubernetes/|dockerode$|openid-client$|pino$';

/** Relative imports that reach into one of the given service/src folders, from any depth below service/src. */
const into = (layers, message, extra = {}) => ({ regex: `^\\.{1,2}/(?:\\.\\./)*(?:${layers.join('|')})(?:/|$)`, message, ...extra });

const forbid = {
  vendorInCore: {
    regex: '^(?!node:|\\.|@notebook-hub/kernel/)',
    message: 'core/ imports no vendor package: define a port in core/ports and implement it in adapters/.',
  },
  vendorInCoreTest: {
    regex: '^(?!node:|\\.|vitest$|@notebook-hub/kernel/)',
    message: 'core/ tests use vitest, node: built-ins, core/, adapters/ and test/support only.',
  },
  vendorInKernel: { regex: '^(?!node:|\\.)', message: 'The kernel imports nothing but its own modules and node: built-ins.' },
  ioInCore: {
    regex: '^node:(?:fs|child_process|http|https|http2|dgram|dns|worker_threads)(?:/|$)',
    message: 'core/ does no I/O of its own: put the file, process or network access behind a port in core/ports.',
  },
  adapterSdks: { regex: `^(?:${ADAPTER_SDKS})`, message: 'Vendor adapter SDKs are loaded by adapters/ only: reach them through a core/ port.' },
  sandboxDriversByPath: {
    regex: '^(?:\\.\\./)+sandbox-drivers/',
    message: 'Import the sandbox drivers by package name (@notebook-hub/sandbox-drivers...), not by path.',
  },
  sandboxDrivers: {
    regex: '^@notebook-hub/sandbox-drivers(?!/runtime/pins$)',
    message: 'Only compose/ (the composition root) uses the sandbox drivers; reach them through a core/ port (the runtime pins are fine).',
  },
  concreteDrivers: {
    regex: '^@notebook-hub/sandbox-drivers/(?:local|docker)(?:/|$)',
    message: 'Only compose/ (the composition root) imports concrete sandbox drivers.',
  },
  outOfService: { regex: '^(?:\\.\\./)+(?:test|sandbox-drivers|renderer|electron)/', message: 'core/ imports only core/ modules and node: built-ins.' },
  serviceByPath: {
    regex: '^\\.{1,2}/(?:.*/)?(?:service|kernel)/',
    message: 'The sandbox drivers import the kernel by package name (@notebook-hub/kernel/...), never a path into another package.',
  },
  serviceFromDrivers: {
    regex: '^@notebook-hub/(?:service|renderer|electron)(?:/|$)',
    message: 'The sandbox drivers depend on the kernel only (@notebook-hub/kernel: errors, ids, ports), never on the service.',
  },
  outOfKernel: { regex: '^\\.\\./(?:\\.\\./)+', message: 'The kernel imports only its own modules.' },
  anyFeature: into(
    ['features'],
    'The base never imports a feature: features register with the composition root (compose/features.ts) and extend the base through interfaces the base owns.',
  ),
  featureInternals: {
    regex: `^(?:\\.\\./)+(?:features/)?(?:${FEATURE_NAMES.join('|')})/(?!index\\.js$)`,
    message: 'Another feature is reached only through what it exports (features/<name>/index.ts), never its internals.',
  },
  featureRegistration: {
    regex: '^\\.\\./(?:feature|index)\\.js$',
    message: "A feature's layers do not import its registration (feature.ts, index.ts): it imports them.",
  },
};

const LAYER_RULES = {
  core: [
    forbid.vendorInCore,
    forbid.ioInCore,
    into(SERVICE_LAYERS, 'core/ imports only core/ modules and node: built-ins (dependencies point inward).'),
    forbid.outOfService,
    forbid.anyFeature,
  ],
  coreTest: [
    forbid.vendorInCoreTest,
    into(
      SERVICE_LAYERS.filter((layer) => layer !== 'adapters'),
      'core/ tests may use adapters/ and test/support, not the outer layers.',
    ),
    forbid.sandboxDriversByPath,
  ],
  adapters: [
    into(['http', 'compose', 'cli', 'loops'], 'adapters/ implement core/ ports; they must not import http/, compose/, cli/ or loops/.'),
    forbid.sandboxDriversByPath,
    forbid.concreteDrivers,
    forbid.anyFeature,
  ],
  surfaces: [
    into(['adapters'], 'http/ and loops/ reach adapters through core/ ports and the composition root, never directly.'),
    into(['compose'], 'http/ and loops/ never import compose/ (it builds them): declare the services a route or loop uses.'),
    forbid.adapterSdks,
    forbid.sandboxDriversByPath,
    forbid.sandboxDrivers,
    forbid.anyFeature,
  ],
  // The command line is the headless host: it builds the hub through the composition root, but
  // like every surface it reaches adapters only through it.
  host: [
    into(['adapters'], 'cli/ builds adapters through the composition root (compose/), never directly.'),
    forbid.adapterSdks,
    forbid.sandboxDriversByPath,
    forbid.sandboxDrivers,
    forbid.featureInternals,
  ],
  config: [
    into(['adapters', 'compose', 'http'], 'config/ parses settings; it must not import adapters/, compose/ or http/.'),
    forbid.sandboxDriversByPath,
    forbid.concreteDrivers,
    forbid.anyFeature,
  ],
  otherService: [forbid.sandboxDriversByPath, forbid.concreteDrivers, forbid.anyFeature],
  // Tests outside core/ may build real adapters and services; they still import the drivers by name.
  serviceTest: [forbid.sandboxDriversByPath],
  compose: [forbid.sandboxDriversByPath, forbid.featureInternals],
  // A feature's layers: its core/ is core, its http/, mcp-tools/ and loops/ are surfaces; none reaches
  // into another feature, nor up into its own registration.
  featureCore: [
    forbid.vendorInCore,
    forbid.ioInCore,
    into([...SERVICE_LAYERS, 'mcp-tools'], "A feature's core/ is core: it imports only core/ modules, node: built-ins and other features' exports."),
    forbid.outOfService,
    forbid.featureInternals,
    forbid.featureRegistration,
  ],
  featureCoreTest: [
    forbid.vendorInCoreTest,
    into(
      SERVICE_LAYERS.filter((layer) => layer !== 'adapters'),
      "A feature's core tests may use adapters/ and test/support, not the outer layers.",
    ),
    forbid.sandboxDriversByPath,
  ],
  featureSurfaces: [
    into(['adapters'], "A feature's http/, mcp-tools/ and loops/ reach adapters through core/ ports and its registration, never directly."),
    into(['compose'], "A feature's http/, mcp-tools/ and loops/ never import compose/ (it builds them)."),
    forbid.adapterSdks,
    forbid.sandboxDriversByPath,
    forbid.sandboxDrivers,
    forbid.featureInternals,
    forbid.featureRegistration,
  ],
  // feature.ts builds the feature (adapters included) and index.ts says what others may use of it.
  featureRegistration: [
    into(['compose'], 'A feature registers with the composition root; it never imports compose/ (which imports it).'),
    forbid.sandboxDriversByPath,
    forbid.sandboxDrivers,
    forbid.featureInternals,
  ],
  sandboxDrivers: [forbid.serviceByPath, forbid.serviceFromDrivers],
  kernel: [forbid.vendorInKernel, forbid.ioInCore, forbid.outOfKernel],
};

/** The rule for a layer. */
function importRule(patterns) {
  return ['error', { patterns: patterns.map((pattern) => ({ ...pattern, caseSensitive: true })) }];
}

const under = (...dirs) => dirs.map((dir) => `${dir}/**/*.ts`);
const TESTS = ['**/*.test.ts'];
/** Which files each layer's rule applies to (disjoint: one rule per file). */
const LAYER_FILES = {
  core: { files: under('service/src/core'), ignores: TESTS },
  coreTest: { files: TESTS.map((glob) => `service/src/core/${glob}`) },
  adapters: { files: under('service/src/adapters'), ignores: TESTS },
  surfaces: { files: under('service/src/http', 'service/src/loops'), ignores: TESTS },
  host: { files: under('service/src/cli'), ignores: TESTS },
  config: { files: under('service/src/config'), ignores: TESTS },
  otherService: { files: under('service/src/boot', 'service/src/lifecycle'), ignores: TESTS },
  serviceTest: {
    files: [
      ...SERVICE_LAYERS.filter((layer) => layer !== 'compose').map((layer) => `service/src/${layer}/**/*.test.ts`),
      ...['http', 'mcp-tools', 'loops'].map((layer) => `service/src/features/*/${layer}/**/*.test.ts`),
    ],
  },
  compose: { files: under('service/src/compose') },
  featureCore: { files: under('service/src/features/*/core'), ignores: TESTS },
  featureCoreTest: { files: TESTS.map((glob) => `service/src/features/*/core/${glob}`) },
  featureSurfaces: { files: under('service/src/features/*/http', 'service/src/features/*/mcp-tools', 'service/src/features/*/loops'), ignores: TESTS },
  featureRegistration: { files: ['service/src/features/*.ts', 'service/src/features/*/*.ts'] },
  sandboxDrivers: { files: under('sandbox-drivers') },
  kernel: { files: under('kernel') },
};

/**
 * The web UI (renderer/) talks to the hub only over HTTP: it takes the API's types from its generated
 * client (src/api/schema.d.ts) and what else it shares with another package from
 * @notebook-hub/shared-types, never from the source of the service, the desktop host or the drivers.
 */
const RENDERER_RULE = [
  {
    regex: '^(?:\\.\\./)+(?:service|electron|sandbox-drivers)(?:/|$)',
    message: "The UI never imports another package's source: API types come from src/api/schema.d.ts, shared ones from @notebook-hub/shared-types.",
  },
  {
    regex: '^(?:\\.\\./)+shared-types(?:/|$)',
    message: 'Import the shared types by package name (@notebook-hub/shared-types/...), not by path.',
  },
  {
    regex: '^@notebook-hub/(?:service|electron|sandbox-drivers)(?:/|$)',
    message: 'The UI reaches the hub over its HTTP API only: take the types from src/api/schema.d.ts or @notebook-hub/shared-types.',
  },
];

const dependencyRule = [
  ...Object.entries(LAYER_FILES).map(([layer, globs]) => ({
    ...globs,
    rules: { '@typescript-eslint/no-restricted-imports': importRule(LAYER_RULES[layer]) },
  })),
  { files: ['renderer/**/*.ts', 'renderer/**/*.tsx'], rules: { '@typescript-eslint/no-restricted-imports': importRule(RENDERER_RULE) } },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'renderer/dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Unawaited promises hide failures and break the "nothing half-written" rule.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...dependencyRule,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
