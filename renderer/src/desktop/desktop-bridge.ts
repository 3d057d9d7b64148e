import type { DesktopBridge } from '@notebook-hub/shared-types/desktop-bridge';
import { useHydrated } from '../components/use-hydrated';

export type { DesktopBridge };
export type { OpenPathsAnswer, SandboxChoiceAnswer, SandboxDriverChoice, SandboxDriverState } from '@notebook-hub/shared-types/desktop-bridge';

declare global {
  interface Window {
    /** The desktop app's bridge to its main process (docs/desktop.md, "The window"); absent in a browser. */
    notebookHubDesktop?: DesktopBridge;
  }
}

/**
 * The desktop app's bridge when the UI runs in its window, else null (a browser, the hub's
 * prerender). Null until the app has taken the page over, so the takeover finds what the hub drew.
 */
export function useDesktopBridge(): DesktopBridge | null {
  const hydrated = useHydrated();
  if (!hydrated || typeof window === 'undefined') return null;
  return window.notebookHubDesktop ?? null;
}
