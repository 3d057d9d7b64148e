/**
 * A second hub process installing the surfaces (`node --import tsx ensure-surfaces-process.ts DIR
 * SURFACE`): prints one JSON line per progress event, then the launchers, so a test can see which
 * of two processes installed and which waited for the other.
 */
import { ensureSurfaceRuntime } from '../surfaces/surface-runtime.js';
import type { SurfaceName } from '../surfaces/surface-layout.js';

const [dir, surface] = process.argv.slice(2);
const runtime = await ensureSurfaceRuntime({
  dir: dir!,
  only: [surface as SurfaceName],
  onProgress: (event) => process.stdout.write(`${JSON.stringify({ progress: event })}\n`),
});
process.stdout.write(`${JSON.stringify({ runtime })}\n`);
