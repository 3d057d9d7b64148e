import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while the app takes over a page the hub prerendered (and in the prerender itself), true
 * after that and on every page the app draws itself. What depends on the browser (its storage, its
 * time zone) waits for true, so the takeover finds exactly what the hub drew.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
