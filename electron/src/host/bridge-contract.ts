// The window's desktop bridge (`window.notebookHubDesktop`) is a contract between this host and the
// web UI, so its types live in the shared types package that both read; the host's modules take
// them from here.
export type {
  DesktopBridge,
  OpenPathsAnswer,
  OpenedPath,
  PathFailure,
  SandboxChoiceAnswer,
  SandboxDriverChoice,
  SandboxDriverState,
} from '@notebook-hub/shared-types/desktop-bridge';
