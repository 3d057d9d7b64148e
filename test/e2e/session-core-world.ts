import { layout } from '../../service/src/core/storage-layout.js';
import { startSessionWorld, type SessionWorld } from '../support/session-world.js';

/** A session world whose hub keeps its log lines (`w.t.logs`), plus what the session-core tests share. */
export interface CoreWorld extends SessionWorld {
  /** A second project editor: neither a manager nor the author of the world's notebooks. */
  editor2: { token: string; id: string };
  claimOf(nid: string): Promise<Record<string, unknown> | null>;
  /** The sandbox of a session, as recorded on it. */
  sandboxOf(sid: string): Promise<string>;
  /** What marimo's editor does on each edit: writes the notebook file in the sandbox. */
  writeNotebook(sid: string, code: string): Promise<void>;
  provisionLines(): Record<string, unknown>[];
}

export async function startCoreWorld(env: Record<string, string> = {}): Promise<CoreWorld> {
  const w = await startSessionWorld(env, { captureLogs: true, projectName: 'Session core' });
  try {
    const { t } = w;
    const token = await t.tokenFor('editor2@sessions.test');
    const id = (await t.call('/api/v1/me', { token })).json.data.id as string;
    const added = await w.api(`/api/v1/projects/${w.pid}/members`, 'admin', { method: 'POST', body: { user_id: id, role: 'editor' } });
    if (added.status >= 300) throw new Error(`adding the second editor: ${added.status} ${added.text}`);
    const { sessionStore, sandboxes } = t.hub.services;
    const sandboxOf = async (sid: string) => (await sessionStore.get(w.pid, sid))!.sandbox!.id;
    return {
      ...w,
      editor2: { token, id },
      async claimOf(nid) {
        const object = await t.hub.store.get(layout.editorClaim(w.pid, nid));
        return object ? (JSON.parse(object.body.toString('utf8')) as Record<string, unknown>) : null;
      },
      sandboxOf,
      async writeNotebook(sid, code) {
        const record = (await sessionStore.get(w.pid, sid))!;
        await sandboxes.writeFile(record.sandbox!.id, record.entry_file, code);
      },
      provisionLines: () => t.logs.filter((line) => line.event === 'session_provision'),
    };
  } catch (error) {
    await w.close().catch(() => {});
    throw error;
  }
}

/** A marimo notebook of one cell holding `body` (indented by the caller's four spaces). */
export function notebookWith(body: string): string {
  return `import marimo

app = marimo.App()


@app.cell
def _():
${body}
    return


if __name__ == "__main__":
    app.run()
`;
}

/**
 * A notebook whose HTML export waits until the test drops `release.flag` next to it: the export
 * runs the notebook, so a stop that renders its snapshot is held half-way for as long as the test
 * needs to look at it.
 */
export const GATED = notebookWith(`    import time
    import marimo as mo

    _flag = mo.notebook_dir() / "release.flag"
    while not _flag.exists():
        time.sleep(0.05)
    gated = "released"`);
