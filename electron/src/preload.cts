// The only bridge between the window and the main process (docs/desktop.md): the window runs
// sandboxed with context isolation and no Node, and sees just these calls, each answered by a
// handler in main.ts (or host/bridge-handlers.ts) that checks the calling page is the hub's.
// A sandboxed preload must be CommonJS: Electron does not load an ES module there.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');
import type { DesktopBridge } from './host/bridge-contract.js';

const bridge: DesktopBridge = {
  /** The app's version. */
  version: () => electron.ipcRenderer.invoke('desktop:version'),
  /** Opens the data folder in the system file manager. */
  openDataFolder: () => electron.ipcRenderer.invoke('desktop:open-data-folder'),
  /** Opens the folder of the hub's log files. */
  showLogs: () => electron.ipcRenderer.invoke('desktop:show-logs'),
  // Drop and settings calls (host/bridge-handlers.ts, BRIDGE_CHANNELS). Only `File`s the user
  // dropped have a path on disk: the page hands over files, never paths, so it cannot name any
  // other file; the main process checks the paths again anyway.
  importDropped: (files) =>
    electron.ipcRenderer.invoke(
      'desktop:import-dropped',
      Array.from(files, (file) => electron.webUtils.getPathForFile(file)),
    ),
  sandboxDriver: () => electron.ipcRenderer.invoke('desktop:sandbox-driver'),
  chooseSandboxDriver: (choice) => electron.ipcRenderer.invoke('desktop:choose-sandbox-driver', choice),
  restart: () => electron.ipcRenderer.invoke('desktop:restart'),
};

electron.contextBridge.exposeInMainWorld('notebookHubDesktop', bridge);
