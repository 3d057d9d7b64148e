/**
 * The sandbox runtime, pinned in one place: the local driver's venv, the sandbox image (its build
 * scripts read these lines with `build/sandbox-image/pins.sh`, so keep the `export const NAME =
 * 'value';` shape) and the test setup all install exactly these versions.
 */
export const MARIMO_VERSION = '0.25.2';
export const UV_VERSION = '0.13.9';

/** pip requirement strings of the runtime, in install order. */
export const RUNTIME_REQUIREMENTS: readonly string[] = [`marimo==${MARIMO_VERSION}`, `uv==${UV_VERSION}`];

/** The tag `build/sandbox-image/build-offline.sh` gives the image it builds by default. */
export const DEFAULT_SANDBOX_IMAGE = `notebook-hub-sandbox:marimo-${MARIMO_VERSION}`;

/** What the local driver reports as the image of its sandboxes: there is no image, only the pinned venv. */
export const LOCAL_IMAGE = `local:marimo-${MARIMO_VERSION}`;

/** Where the image keeps the runtime venv; its `bin/` is first on the sandbox's PATH. */
export const IMAGE_RUNTIME_DIR = '/opt/notebook-runtime';

/** The unprivileged user sandboxes run as inside the image (uid:gid). */
export const IMAGE_USER = { uid: 1000, gid: 1000, name: 'marimo', home: '/home/marimo' } as const;

/** The directory notebooks and their files live in inside the image. */
export const IMAGE_WORKSPACE_DIR = '/workspace';

/**
 * The package the startup diagnostic's environment benchmark installs fresh: small, pure Python,
 * and not a dependency of the runtime, so the install really downloads it.
 */
export const DIAGNOSTIC_BENCHMARK_PACKAGE = 'six==1.17.0';

/**
 * The secondary surfaces of edit sessions (docs/surfaces.md): code-server (VS Code in the browser)
 * on its own Node, and OpenCode. The local driver installs them with `ensureSurfaceRuntime`, the
 * sandbox image carries them under IMAGE_SURFACES_DIR; both read these pins.
 */
export const CODE_SERVER_VERSION = '4.139.1';
/** The Node code-server runs on (it requires Node 24), from the npm package `node-linux-<arch>`. */
export const CODE_SERVER_NODE_VERSION = '24.21.0';
/** The npm package `opencode-ai`, which brings OpenCode's binary for this platform. */
export const OPENCODE_VERSION = '1.18.33';

/** Where the image keeps the surfaces: `code-server/bin/code-server` and `opencode/bin/opencode` below it. */
export const IMAGE_SURFACES_DIR = '/opt/surfaces';
