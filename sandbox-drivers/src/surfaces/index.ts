/**
 * The secondary surfaces of edit sessions (`@notebook-hub/sandbox-drivers/surfaces`): installing
 * code-server (VS Code) and OpenCode, and the commands that start them headless; docs/surfaces.md.
 */
export { ensureSurfaceRuntime, type EnsureSurfaceRuntimeOptions, type SurfaceRuntime } from './surface-runtime.js';
export {
  codeServerCommand,
  openCodeCommand,
  CODE_SERVER_SESSION_COOKIE,
  OPENCODE_USERNAME,
  type SurfaceCommand,
  type SurfaceLaunchOptions,
} from './surface-commands.js';
export { surfaceLayout, SURFACE_NAMES, type SurfaceLayout, type SurfaceName } from './surface-layout.js';
export { missingCodeServerBuildTools } from './build-prerequisites.js';
export { CODE_SERVER_VERSION, CODE_SERVER_NODE_VERSION, OPENCODE_VERSION, IMAGE_SURFACES_DIR } from '../../runtime/pins.js';
export { DriverSurfaceLauncher, IMAGE_SURFACES, localSurfaceBinaries, type SurfaceBinaries } from './surface-launcher.js';
