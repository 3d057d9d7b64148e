// The Electron main process (docs/desktop.md). It only wires Electron to the plain modules of
// host/, which hold all the behaviour and are tested under vitest.
import { createWriteStream, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, safeStorage, session, shell, type IpcMainInvokeEvent, type MenuItemConstructorOptions } from 'electron';
import { dataFolderLayout } from './host/data-folder.js';
import { readExamples, seedExamples } from './host/examples.js';
import { bundledWheelhouse, environmentSettingsFrom } from './host/runtime-check.js';
import { prepareRuntimeOnFirstRun } from './host/runtime-first-run.js';
import { callerAs, startDesktopHub, type DesktopHub } from './host/desktop-hub.js';
import { startHandoffServer, handOff, type LaunchArguments } from './host/handoff.js';
import { claimInstance, type InstanceClaim } from './host/instance-lock.js';
import { newLaunchSecret } from './host/launch-secret.js';
import { importFolder, notebookFile } from './host/disk-flows.js';
import { createNotebookFromMenu, recentNotebookOf, staysInWindow, targetProject, type HubCall } from './host/menu-actions.js';
import { SettingsFile, withRecent, type RecentNotebook, type WindowState } from './host/settings.js';
import { desktopSecretsKey } from './host/secrets-key.js';
import { shutdownSequence } from './host/shutdown.js';
// Drops, command-line paths and the sandbox driver's choice (docs/desktop.md).
import { bridgeHandlers } from './host/bridge-handlers.js';
import { DEFAULT_SANDBOX_IMAGE } from '@notebook-hub/sandbox-drivers/runtime/pins';
import { checkDockerEngine } from './host/docker-engine.js';
import { launchPaths, relaunchArguments } from './host/launch-paths.js';
import { checkAndOpenPaths } from './host/open-paths.js';
import { driverForLaunch } from './host/sandbox-choice.js';
// A session's VS Code and OpenCode in windows of their own (docs/desktop.md).
import { teamLaunchOrigin, teamWindowNavigation } from './host/team-windows.js';
import { needsLaunchHeader, openTarget, surfaceOriginOf, surfaceSettingsFrom, surfaceWindowNavigation, type SurfaceHosts } from './host/surface-windows.js';

const MARIMO_DOCS = 'https://docs.marimo.io/';
const SESSIONS_SAVE_BUDGET_MS = 60_000;
/** The bundled example notebooks, next to the compiled (dist/) or source (src/) folder. */
const EXAMPLES_DIR = path.join(import.meta.dirname, '..', 'examples');
/** The bundled wheelhouse, when this build ships one. */
const WHEELHOUSE = bundledWheelhouse(path.join(import.meta.dirname, '..'));

const layout = dataFolderLayout({ platform: process.platform, env: process.env, homeDir: os.homedir() });
// Chromium's own state goes to the same folder as the app's, so one folder is all there is.
app.setPath('userData', layout.root);
mkdirSync(layout.logsDir, { recursive: true });
const log = createWriteStream(path.join(layout.logsDir, 'hub.log'), { flags: 'a' });
const note = (level: 'info' | 'error', event: string, fields: Record<string, unknown> = {}) =>
  log.write(
    `${JSON.stringify({ level, time: new Date().toISOString(), event, ...fields, err: fields.err instanceof Error ? fields.err.stack : fields.err })}\n`,
  );

let window: BrowserWindow | null = null;
let surfaceHosts: SurfaceHosts | null = null;
/** The running hub: what a team hub's launch link is checked against (its remotes). */
let desktopHub: DesktopHub | null = null;
const launchShape = { defaultApp: process.defaultApp === true };
/** Paths from command lines (this one's, later launches') waiting for the window; opened once it is there. */
const launchPathsWaiting: string[] = launchPaths({ argv: process.argv, cwd: process.cwd() }, launchShape);
let openLaunchPaths: ((paths: string[]) => void) | null = null;
const openOrQueue = (paths: string[]) => (openLaunchPaths ? openLaunchPaths(paths) : launchPathsWaiting.push(...paths));
// macOS hands a file or folder opened from the Finder (or dropped on the Dock icon) to the app as an
// event, at launch too, rather than on its command line.
app.on('open-file', (event, file) => {
  event.preventDefault();
  openOrQueue([file]);
});

if (!app.requestSingleInstanceLock()) {
  // Electron hands this launch's command line to the running app ('second-instance' below).
  app.exit(0);
} else {
  void main().catch((error: unknown) => {
    note('error', 'desktop_start_failed', { err: error });
    dialog.showErrorBox('Notebook Hub could not start', `${error instanceof Error ? error.message : String(error)}\n\nThe log is in ${layout.logsDir}.`);
    app.exit(1);
  });
}

async function main(): Promise<void> {
  const token = newLaunchSecret();
  const handoff = await startHandoffServer(token, focusWindow);
  const self = { pid: process.pid, port: handoff.port, token, startedAt: new Date().toISOString() };
  const claim: InstanceClaim = await claimInstance(layout.lockFile, self);
  if (claim.kind === 'secondary') {
    await handOff(claim.holder, { argv: process.argv, cwd: process.cwd() });
    await handoff.close();
    return app.exit(0);
  }
  app.on('second-instance', (_event, argv, cwd) => focusWindow({ argv, cwd }));

  const settings = new SettingsFile(layout.settingsFile);
  const loaded = await settings.load();
  if (loaded.recoveredFrom) note('error', 'desktop_settings_recovered', { moved_to: loaded.recoveredFrom });
  await app.whenReady();

  // A saved Docker whose engine does not answer gives local processes for this launch, never a dead app.
  const checkDocker = () => checkDockerEngine({ image: process.env.SERVICE_SANDBOX_IMAGE ?? DEFAULT_SANDBOX_IMAGE });
  const launchDriver = await driverForLaunch(loaded.settings.sandboxDriver, checkDocker);
  if (launchDriver.notice) note('error', 'desktop_docker_unavailable', { notice: launchDriver.notice });
  // safeStorage answers only once the app is ready.
  const secretsKey = await desktopSecretsKey({ keychainFile: layout.secretsKeyFile, hubDataDir: layout.hubDataDir, safeStorage });
  note('info', 'desktop_secrets_key', { where: secretsKey.where, created: secretsKey.created, moved_from_key_file: secretsKey.movedFromKeyFile });
  const desktop = await startDesktopHub({
    dataDir: layout.hubDataDir,
    sandboxDriver: launchDriver.driver,
    logDestination: log,
    version: app.getVersion(),
    wheelhouse: WHEELHOUSE,
    env: { ...surfaceSettingsFrom(process.env), ...environmentSettingsFrom(process.env), ...secretsKey.env },
  });
  const shutdown = shutdownSequence(
    {
      closeSessions: desktop.closeSessions,
      drainHub: () => desktop.close(),
      release: async () => {
        await settings.flushed();
        await claim.release();
        await handoff.close();
      },
      exit: (code) => log.end(() => app.exit(code)),
    },
    {
      sessionsBudgetMs: SESSIONS_SAVE_BUDGET_MS,
      log: { info: (event, fields) => note('info', event, fields), error: (event, fields) => note('error', event, fields) },
    },
  );
  // Quitting closes the window first, so its state is saved as on any close; the last window
  // closed then runs the shutdown.
  const quit = () => (window && !window.isDestroyed() ? window.close() : void shutdown());
  app.on('window-all-closed', () => void shutdown());
  app.on('before-quit', (event) => {
    event.preventDefault();
    quit();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, quit);

  const cookies = await desktop.windowCookies();
  for (const cookie of cookies) {
    await session.defaultSession.cookies.set({ url: desktop.url, name: cookie.name, value: cookie.value, httpOnly: true, sameSite: 'strict' });
  }
  session.defaultSession.setPermissionRequestHandler((_contents, permission, grant) => grant(permission === 'clipboard-sanitized-write'));
  surfaceHosts = { hubOrigin: desktop.url, surfaceDomain: desktop.hub.services.settings.sessions.surfaceDomain };
  desktopHub = desktop;
  // A surface's host is another origin than the hub's, so the launch secret's cookie does not go there: its header does.
  session.defaultSession.webRequest.onBeforeSendHeaders((details, callback) =>
    callback({
      requestHeaders:
        surfaceHosts && needsLaunchHeader(details.url, surfaceHosts) ? { ...details.requestHeaders, ...desktop.launchHeaders } : details.requestHeaders,
    }),
  );
  registerBridge(desktop);
  const call = callerAs(desktop.url, cookies);
  const restart = () => {
    app.relaunch({ args: relaunchArguments(process.argv, launchShape) });
    quit();
  };
  for (const [channel, answer] of Object.entries(bridgeHandlers({ hubOrigin: desktop.url, call, settings, launch: launchDriver, checkDocker, restart }))) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => answer(event.senderFrame?.url ?? '', ...args));
  }
  // Before the window opens, so its first page lists them; a failure leaves the app usable and is retried at the next launch.
  await readExamples(EXAMPLES_DIR)
    .then((examples) => seedExamples(call, examples, settings))
    .then(
      (outcome) => note('info', 'desktop_examples', { outcome }),
      (error: unknown) => note('error', 'desktop_examples_failed', { err: error }),
    );

  const buildMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          newNotebook: () =>
            void createNotebookFromMenu(call, settings.settings.recentNotebooks).then(
              (page) => window?.loadURL(`${desktop.url}${page}`),
              (error: unknown) => dialog.showErrorBox('New notebook', error instanceof Error ? error.message : String(error)),
            ),
          importFolder: () => void importFolderFromMenu(desktop, call, settings.settings.recentNotebooks),
          saveAsFile: () => void saveNotebookFromMenu(desktop, call),
          recent: settings.settings.recentNotebooks.map((entry) => ({
            label: entry.title,
            click: () => void window?.loadURL(`${desktop.url}/projects/${entry.projectId}/notebooks/${entry.notebookId}/edit`),
          })),
        }),
      ),
    );
  buildMenu();

  window = openWindow(desktop, settings.settings.window, {
    onShown: (url, title) => {
      const entry = recentNotebookOf(url, desktop.url, title);
      if (entry) void settings.update((current) => ({ ...current, recentNotebooks: withRecent(current.recentNotebooks, entry) })).then(buildMenu);
    },
    onClose: (state) => void settings.update((current) => ({ ...current, window: state })),
  });
  if (launchDriver.notice) void dialog.showMessageBox(window, { type: 'warning', message: 'Docker is not answering', detail: launchDriver.notice });
  openLaunchPaths = (paths) => void openFromCommandLine(desktop, call, paths, settings.settings.recentNotebooks).catch(showFailure('Import'));
  openLaunchPaths(launchPathsWaiting.splice(0));
  // A first run builds the runtime now, its progress in the window's notice; a repair is the notice's to offer.
  void prepareRuntimeOnFirstRun(call).then(
    (outcome) => note('info', 'desktop_runtime_checked', { state: outcome.before, setup_started: outcome.started }),
    (error: unknown) => note('error', 'desktop_runtime_setup_failed', { err: error }),
  );
}

function openWindow(
  desktop: DesktopHub,
  saved: WindowState | null,
  on: { onShown: (url: string, title: string) => void; onClose: (state: WindowState) => void },
): BrowserWindow {
  const created = new BrowserWindow({
    width: saved?.width ?? 1280,
    height: saved?.height ?? 840,
    ...(saved?.x !== null && saved?.x !== undefined && saved.y !== null ? { x: saved.x, y: saved.y } : {}),
    show: false,
    title: 'Notebook Hub',
    webPreferences: {
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      preload: path.join(import.meta.dirname, 'preload.cjs'),
    },
  });
  if (saved?.maximized) created.maximize();
  created.once('ready-to-show', () => created.show());
  const contents = created.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    if (staysInWindow(url, desktop.url)) return { action: 'allow' };
    openElsewhere(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (staysInWindow(url, desktop.url)) return;
    event.preventDefault();
    // A file dropped where the page takes no drop (a session's page) would be shown as a page; the UI's drop overlay imports.
    if (!url.startsWith('file:')) openElsewhere(url);
  });
  contents.on('did-navigate', (_event, url) => on.onShown(url, contents.getTitle()));
  contents.on('did-navigate-in-page', (_event, url) => on.onShown(url, contents.getTitle()));
  // The UI names the page after navigating: the entry is recorded again with the new title.
  contents.on('page-title-updated', (_event, title) => on.onShown(contents.getURL(), title));
  // The hub and its sessions live in this process: a crashed page loses nothing, it is shown again.
  contents.on('render-process-gone', (_event, details) => {
    note('error', 'desktop_window_crashed', { reason: details.reason });
    if (!created.isDestroyed()) created.reload();
  });
  created.on('close', () => {
    const bounds = created.getNormalBounds();
    on.onClose({ x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, maximized: created.isMaximized() });
  });
  created.on('closed', () => (window = null));
  void created.loadURL(`${desktop.url}/`);
  return created;
}

/**
 * A page the main window does not show: a surface in a window of its own, a team hub's launch
 * link of one of the person's remotes in a window of its own, anything else in the system browser.
 */
function openElsewhere(url: string): void {
  if (surfaceHosts && openTarget(url, surfaceHosts) === 'surface-window') return openSurfaceWindow(url, surfaceHosts);
  void (async () => {
    const origins = desktopHub ? await desktopHub.hub.services.teamHubOrigins().catch(() => []) : [];
    const team = teamLaunchOrigin(url, origins);
    if (team !== null && desktopHub) openTeamWindow(url, team, desktopHub.url);
    else void shell.openExternal(url);
  })();
}

/**
 * A session on a team hub (docs/desktop.md, "Sessions on a team hub"), in an app window of its own
 * from its launch link on: the team hub's pages stay there, this hub's go to the main window, the
 * rest to the system browser. No preload, and the team hub's cookie stays in that window's origin.
 */
function openTeamWindow(url: string, origin: string, hubOrigin: string): void {
  const created = new BrowserWindow({
    width: 1280,
    height: 840,
    title: 'Notebook Hub: team hub',
    webPreferences: { contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true },
  });
  const follow = (target: string): boolean => {
    const where = teamWindowNavigation(target, origin, hubOrigin);
    if (where === 'stay') return true;
    if (where === 'hub-window') void window?.loadURL(target).then(() => window?.focus());
    else void shell.openExternal(target);
    return false;
  };
  created.webContents.setWindowOpenHandler(({ url: target }) => {
    follow(target);
    return { action: 'deny' };
  });
  created.webContents.on('will-navigate', (event, target) => {
    if (!follow(target)) event.preventDefault();
  });
  void created.loadURL(url);
}

/**
 * A session's VS Code or OpenCode, in an app window of its own: navigation inside the surface
 * stays there, the hub's pages go to the main window, the rest to the system browser. It gets no
 * preload: a surface's pages never reach the app's bridge.
 */
function openSurfaceWindow(url: string, hosts: SurfaceHosts): void {
  const origin = surfaceOriginOf(url, hosts);
  if (origin === null) return;
  const created = new BrowserWindow({
    width: 1280,
    height: 840,
    title: 'Notebook Hub',
    webPreferences: { contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true },
  });
  const follow = (target: string): boolean => {
    const where = surfaceWindowNavigation(target, origin, hosts);
    if (where === 'stay') return true;
    if (where === 'surface-window') openSurfaceWindow(target, hosts);
    else if (where === 'hub-window') void window?.loadURL(target).then(() => window?.focus());
    else void shell.openExternal(target);
    return false;
  };
  created.webContents.setWindowOpenHandler(({ url: target }) => {
    // A new window of the surface's own (VS Code's "New Window") opens as another surface window.
    if (surfaceWindowNavigation(target, origin, hosts) === 'stay') openSurfaceWindow(target, hosts);
    else follow(target);
    return { action: 'deny' };
  });
  created.webContents.on('will-navigate', (event, target) => {
    if (!follow(target)) event.preventDefault();
  });
  void created.loadURL(url);
}

function menuTemplate(actions: {
  newNotebook: () => void;
  importFolder: () => void;
  saveAsFile: () => void;
  recent: MenuItemConstructorOptions[];
}): MenuItemConstructorOptions[] {
  return [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Notebook', accelerator: 'CmdOrCtrl+N', click: actions.newNotebook },
        { label: 'Recent Notebooks', submenu: actions.recent.length > 0 ? actions.recent : [{ label: 'None yet', enabled: false }] },
        { type: 'separator' },
        { label: 'Import a Folder…', accelerator: 'CmdOrCtrl+O', click: actions.importFolder },
        { label: 'Save Notebook as .py File…', accelerator: 'CmdOrCtrl+Shift+S', click: actions.saveAsFile },
        { type: 'separator' },
        { label: 'Open Data Folder', click: () => void shell.openPath(layout.root) },
        { label: 'Show Logs', click: () => void shell.openPath(layout.logsDir) },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'marimo Documentation', click: () => void shell.openExternal(MARIMO_DOCS) }] },
  ];
}

const showFailure = (title: string) => (error: unknown) => {
  note('error', 'desktop_menu_failed', { action: title, err: error });
  dialog.showErrorBox(title, error instanceof Error ? error.message : String(error));
};

/** File → Import a Folder: the folder the user picks goes through the hub's import, then its page opens to pick the notebooks. */
async function importFolderFromMenu(desktop: DesktopHub, call: HubCall, recent: readonly RecentNotebook[]): Promise<void> {
  const picked = await dialog.showOpenDialog({ title: 'Import a folder of notebooks', properties: ['openDirectory'] });
  const folder = picked.filePaths[0];
  if (picked.canceled || !folder) return;
  await targetProject(call, recent)
    .then((projectId) => importFolder(call, folder, projectId))
    .then((imported) => {
      note('info', 'desktop_folder_imported', { import_id: imported.importId, skipped: imported.skipped });
      return window?.loadURL(`${desktop.url}${imported.page}`);
    })
    .catch(showFailure('Import a folder'));
}

/** File → Save Notebook as .py File: the notebook the window shows, as its current version's source. */
async function saveNotebookFromMenu(desktop: DesktopHub, call: HubCall): Promise<void> {
  const shown = window && recentNotebookOf(window.webContents.getURL(), desktop.url, window.getTitle());
  if (!shown) return void dialog.showMessageBox({ type: 'info', message: 'Open a notebook in the editor or as an app first.' });
  try {
    const file = await notebookFile(call, shown.projectId, shown.notebookId);
    const target = await dialog.showSaveDialog({
      title: 'Save the notebook as a .py file',
      defaultPath: file.fileName,
      filters: [{ name: 'marimo notebook', extensions: ['py'] }],
    });
    if (target.canceled || !target.filePath) return;
    await writeFile(target.filePath, file.code);
    note('info', 'desktop_notebook_saved_to_disk', { notebook_id: shown.notebookId });
  } catch (error) {
    showFailure('Save the notebook')(error);
  }
}

function registerBridge(desktop: DesktopHub): void {
  // Only the hub's own pages may ask; an external page could never be shown, but check anyway.
  const fromHub = (event: IpcMainInvokeEvent) => staysInWindow(event.senderFrame?.url ?? '', desktop.url);
  const handle = (channel: string, answer: () => unknown) =>
    ipcMain.handle(channel, (event) => {
      if (!fromHub(event)) throw new Error('not allowed from this page');
      return answer();
    });
  handle('desktop:version', () => app.getVersion());
  handle('desktop:open-data-folder', () => shell.openPath(layout.root).then(() => undefined));
  handle('desktop:show-logs', () => shell.openPath(layout.logsDir).then(() => undefined));
}

/** Folders and notebooks named on a command line: imported as a drop would be, then the window shows them. */
async function openFromCommandLine(desktop: DesktopHub, call: HubCall, paths: string[], recent: readonly RecentNotebook[]): Promise<void> {
  if (paths.length === 0) return;
  const answer = await checkAndOpenPaths(call, paths, { pageUrl: window?.webContents.getURL() ?? null, hubOrigin: desktop.url, recent });
  note(answer.failures.length > 0 ? 'error' : 'info', 'desktop_paths_opened', { opened: answer.opened, failures: answer.failures });
  if (answer.page) await window?.loadURL(`${desktop.url}${answer.page}`);
  if (answer.failures.length > 0) dialog.showErrorBox('Import', answer.failures.map((failure) => failure.message).join('\n'));
}

/** Another launch of the app: the running one comes to the front instead, and opens the folders and notebooks it names. */
function focusWindow(launch: LaunchArguments): void {
  note('info', 'desktop_second_launch', { argv: launch.argv.slice(1) });
  openOrQueue(launchPaths(launch, launchShape));
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.focus();
}
