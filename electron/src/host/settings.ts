import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export interface WindowState {
  x: number | null;
  y: number | null;
  width: number;
  height: number;
  maximized: boolean;
}

export interface RecentNotebook {
  projectId: string;
  notebookId: string;
  title: string;
  openedAt: string;
}

/** How far the first run's seeding of the bundled examples got (examples.ts). */
export interface ExamplesProgress {
  /** The Examples project, once created. */
  projectId: string | null;
  /** The example files created as notebooks so far. */
  created: string[];
  /** True once every example was created: they are never seeded again, even if deleted. */
  done: boolean;
}

export interface DesktopSettings {
  /** Which sandbox driver the hub runs notebooks with (Docker only when the user chose it). */
  sandboxDriver: 'local' | 'docker';
  /** The main window's last bounds; null until it has been closed once. */
  window: WindowState | null;
  /** Newest first, at most {@link MAX_RECENT}. */
  recentNotebooks: RecentNotebook[];
  examples: ExamplesProgress;
}

export const MAX_RECENT = 10;

export const DEFAULT_SETTINGS: Readonly<DesktopSettings> = Object.freeze({
  sandboxDriver: 'local',
  window: null,
  recentNotebooks: [],
  examples: { projectId: null, created: [], done: false },
});

export interface LoadedSettings {
  settings: DesktopSettings;
  /** Where an unreadable settings file was moved aside, when it was (the app then starts on defaults). */
  recoveredFrom: string | null;
}

/**
 * The desktop settings file (docs/desktop.md). Reads never fail: a missing file gives the
 * defaults, a corrupt one is kept aside for inspection and replaced by the defaults, and a field
 * with a bad value falls back to its default alone. Writes are atomic (a temporary file, flushed,
 * then renamed over), so a crash mid-write leaves the old file or the new one, and are applied in
 * the order they were asked for.
 */
export class SettingsFile {
  private current: DesktopSettings = structuredClone(DEFAULT_SETTINGS) as DesktopSettings;
  private writes: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  get settings(): Readonly<DesktopSettings> {
    return this.current;
  }

  async load(): Promise<LoadedSettings> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.current = structuredClone(DEFAULT_SETTINGS) as DesktopSettings;
      return { settings: this.current, recoveredFrom: null };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      const aside = `${this.file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(this.file, aside);
      this.current = structuredClone(DEFAULT_SETTINGS) as DesktopSettings;
      return { settings: this.current, recoveredFrom: aside };
    }
    this.current = settingsFrom(parsed as Record<string, unknown>);
    return { settings: this.current, recoveredFrom: null };
  }

  /** Resolves once every write asked for so far has finished (or failed). */
  flushed(): Promise<void> {
    return this.writes;
  }

  /** Applies `change` to the current settings and writes the result. */
  update(change: (settings: DesktopSettings) => DesktopSettings): Promise<void> {
    this.current = settingsFrom(change(structuredClone(this.current)) as unknown as Record<string, unknown>);
    const snapshot = JSON.stringify(this.current, null, 2);
    const write = this.writes.then(() => writeAtomically(this.file, `${snapshot}\n`));
    // One failed write must not stop the ones after it; its caller still sees the failure.
    this.writes = write.catch(() => {});
    return write;
  }
}

/** `entry` first, without an older entry of the same notebook, and at most {@link MAX_RECENT}. */
export function withRecent(list: readonly RecentNotebook[], entry: RecentNotebook): RecentNotebook[] {
  const others = list.filter((item) => !(item.projectId === entry.projectId && item.notebookId === entry.notebookId));
  return [entry, ...others].slice(0, MAX_RECENT);
}

function settingsFrom(raw: Record<string, unknown>): DesktopSettings {
  return {
    sandboxDriver: raw.sandboxDriver === 'docker' ? 'docker' : 'local',
    window: windowStateFrom(raw.window),
    recentNotebooks: Array.isArray(raw.recentNotebooks) ? raw.recentNotebooks.filter(isRecentNotebook).slice(0, MAX_RECENT) : [],
    examples: examplesProgressFrom(raw.examples),
  };
}

function examplesProgressFrom(raw: unknown): ExamplesProgress {
  if (typeof raw !== 'object' || raw === null) return { projectId: null, created: [], done: false };
  const { projectId, created, done } = raw as Record<string, unknown>;
  return {
    projectId: typeof projectId === 'string' ? projectId : null,
    created: Array.isArray(created) ? created.filter((file): file is string => typeof file === 'string') : [],
    done: done === true,
  };
}

function windowStateFrom(raw: unknown): WindowState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { x, y, width, height, maximized } = raw as Record<string, unknown>;
  const coordinate = (value: unknown) => (Number.isInteger(value) ? (value as number) : null);
  const size = (value: unknown) => Number.isInteger(value) && (value as number) >= 200 && (value as number) <= 20_000;
  if (!size(width) || !size(height)) return null;
  return { x: coordinate(x), y: coordinate(y), width: width as number, height: height as number, maximized: maximized === true };
}

function isRecentNotebook(raw: unknown): raw is RecentNotebook {
  if (typeof raw !== 'object' || raw === null) return false;
  const entry = raw as Record<string, unknown>;
  return typeof entry.projectId === 'string' && typeof entry.notebookId === 'string' && typeof entry.title === 'string' && typeof entry.openedAt === 'string';
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
