import { readFileSync } from 'node:fs';

/** What the build's manifest says about one source module (only the fields read here). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const START_MODULE = 'src/app/start.tsx';

/**
 * The stylesheets (paths under the build) for a prerendered page's head: of the app's start and the
 * chunks it imports (the page's own components are styled by them, so the first paint must have
 * them). Read from the client build's manifest next to this module (`dist/.vite/manifest.json`);
 * none when there is no manifest. The start's scripts are not preloaded: fetched and compiled
 * before the first paint, they would delay it (`npm run bench -- ui` shows it).
 */
export function startStylesheets(): string[] {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(new URL('../.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return [];
  }
  const start = manifest[START_MODULE];
  if (!start) return [];
  const visited = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (visited.has(chunk.file)) return;
    visited.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const key of chunk.imports ?? []) if (manifest[key]) visit(manifest[key]);
  };
  visit(start);
  return [...styles];
}
