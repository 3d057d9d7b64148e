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
