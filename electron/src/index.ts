/**
 * Placeholder for the desktop host (an Electron main process embedding `createHub`, see
 * README.md). The hub it runs listens on loopback only.
 */
export const DESKTOP_HOST = '127.0.0.1';
