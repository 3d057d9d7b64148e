import { useDesktopBridge } from './desktop-bridge';
import { DesktopDropOverlay } from './DesktopDropOverlay';

/** Drag and drop of notebooks and folders onto the desktop app's window (docs/desktop.md, "Folders and files on disk"); nothing in a browser. */
export function DesktopDrop() {
  const bridge = useDesktopBridge();
  return bridge ? <DesktopDropOverlay bridge={bridge} /> : null;
}
