// What the desktop window's bridge (`window.notebookHubDesktop`, electron/src/preload.cts) offers,
// and what its calls answer: the preload implements it, the desktop host's handlers (main.ts,
// open-paths.ts, sandbox-choice.ts) produce the answers, and the web UI (renderer/src/desktop/)
// types its calls with it. Declarations only: nothing here runs, so neither bundle gains anything.

export type SandboxDriverChoice = 'local' | 'docker';

/** The sandbox driver as the settings page shows it (docs/desktop.md, "Docker"). */
export interface SandboxDriverState {
  /** The choice in settings.json: what the next start uses. */
  saved: SandboxDriverChoice;
  /** What this launch's hub runs notebooks with. */
  inUse: SandboxDriverChoice;
  /** Why `inUse` is not what was saved at start (Docker did not answer); null otherwise. */
  notice: string | null;
}

export interface SandboxChoiceAnswer {
  /** False when the choice was refused (Docker chosen and no engine answers): nothing was saved. */
  saved: boolean;
  /** Why it was refused, or what was found (the Docker engine's version and address); null when there is nothing to say. */
  message: string | null;
  state: SandboxDriverState;
}

/** One dropped (or command-line) path that became something in the hub. */
export interface OpenedPath {
  path: string;
  kind: 'notebook' | 'folder';
  /** The UI page that shows it: the new notebook's editor, or the folder import's page. */
  page: string;
}

/** One path that could not be imported, and why. */
export interface PathFailure {
  path: string;
  message: string;
}

/** What a drop (or a command line) did. */
export interface OpenPathsAnswer {
  opened: OpenedPath[];
  failures: PathFailure[];
  /** The page the window goes to afterwards; null when nothing was opened. */
  page: string | null;
}

/** `window.notebookHubDesktop`: present only in the desktop app's window. */
export interface DesktopBridge {
  version(): Promise<string>;
  openDataFolder(): Promise<void>;
  showLogs(): Promise<void>;
  /** Imports dropped files: `.py` notebooks, or one folder. */
  importDropped(files: readonly File[]): Promise<OpenPathsAnswer>;
  sandboxDriver(): Promise<SandboxDriverState>;
  chooseSandboxDriver(choice: SandboxDriverChoice): Promise<SandboxChoiceAnswer>;
  /** Restarts the app (sessions are saved as on any quit), so a new sandbox driver takes effect. */
  restart(): Promise<void>;
}
