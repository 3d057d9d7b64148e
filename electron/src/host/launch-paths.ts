import path from 'node:path';
import type { LaunchArguments } from './handoff.js';

export interface LaunchShape {
  /**
   * True when the app runs as `electron <app folder> …` (a checkout, `npm run desktop`), where the
   * second argument is the app itself; false for a packaged app, whose own arguments follow the
   * executable (Electron's `process.defaultApp`).
   */
  defaultApp: boolean;
}

/**
 * The folders and files named on a launch's command line (docs/desktop.md, "Folders and files on
 * disk"), absolute, resolved against the directory the launch was started in. Options (anything
 * starting with `-`, which includes the switches Chromium adds to a second launch's command line)
 * are not paths, except after `--`. Whether each is something to import is checked later, with
 * the window's drops (open-paths.ts).
 */
export function launchPaths(launch: LaunchArguments, shape: LaunchShape): string[] {
  const args = launch.argv.slice(shape.defaultApp ? 2 : 1);
  const paths: string[] = [];
  let optionsEnded = false;
  for (const arg of args) {
    if (!optionsEnded && arg === '--') {
      optionsEnded = true;
      continue;
    }
    if (arg === '' || (!optionsEnded && arg.startsWith('-'))) continue;
    paths.push(path.resolve(launch.cwd, arg));
  }
  return paths;
}

/**
 * The command line a restart ("Restart now" in the settings) relaunches with: this launch's own
 * (the app folder for `electron <folder>`, the options), without its paths, so a restart does not
 * import the folder or notebook this launch was opened with a second time.
 */
export function relaunchArguments(argv: readonly string[], shape: LaunchShape): string[] {
  const own = argv.slice(1, shape.defaultApp ? 2 : 1);
  const rest = argv.slice(shape.defaultApp ? 2 : 1);
  const end = rest.indexOf('--');
  const options = (end === -1 ? rest : rest.slice(0, end)).filter((arg) => arg.startsWith('-'));
  return [...own, ...options];
}
