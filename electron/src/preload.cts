// The only bridge between the window and the main process (docs/desktop.md): the window runs
// sandboxed with context isolation and no Node, and sees just these calls, each answered by a
// handler in main.ts that checks the calling page is the hub's.
// A sandboxed preload must be CommonJS: Electron does not load an ES module there.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');

electron.contextBridge.exposeInMainWorld('notebookHubDesktop', {
  /** The app's version. */
  version: (): Promise<string> => electron.ipcRenderer.invoke('desktop:version'),
  /** Opens the data folder in the system file manager. */
  openDataFolder: (): Promise<void> => electron.ipcRenderer.invoke('desktop:open-data-folder'),
  /** Opens the folder of the hub's log files. */
  showLogs: (): Promise<void> => electron.ipcRenderer.invoke('desktop:show-logs'),
});
