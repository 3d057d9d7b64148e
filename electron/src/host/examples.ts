import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, type HubCall } from './menu-actions.js';
import type { ExamplesProgress, SettingsFile } from './settings.js';

/** The bundled examples' manifest (`electron/examples/examples.json`). */
export interface ExamplesManifest {
  project: { name: string; description: string; tags: string[] };
  notebooks: { file: string; title: string; description: string; tags: string[] }[];
}

export interface Example {
  file: string;
  title: string;
  description: string;
  tags: string[];
  code: string;
}

/** The examples folder's manifest and notebook sources; fails when a listed file is missing. */
export async function readExamples(dir: string): Promise<{ project: ExamplesManifest['project']; notebooks: Example[] }> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'examples.json'), 'utf8')) as ExamplesManifest;
  const notebooks = await Promise.all(manifest.notebooks.map(async (entry) => ({ ...entry, code: await readFile(path.join(dir, entry.file), 'utf8') })));
  return { project: manifest.project, notebooks };
}

/**
 * Seeds the bundled examples into a first project, once per data folder (docs/desktop.md, "First
 * run"). Everything goes through the hub's API as the signed-in window, so it is checked and
 * audited like anything the user does. Progress is kept in the settings after each step, and each
 * create carries an `Idempotency-Key`: a launch that stopped half-way finishes the job on the next
 * one, replaying what the hub had already created rather than creating it twice. Once done, the
 * examples are not seeded again, even if the user deletes them.
 */
export async function seedExamples(call: HubCall, examples: Awaited<ReturnType<typeof readExamples>>, settings: SettingsFile): Promise<'seeded' | 'already'> {
  if (settings.settings.examples.done) return 'already';
  const record = (change: Partial<ExamplesProgress>) => settings.update((current) => ({ ...current, examples: { ...current.examples, ...change } }));

  let projectId = settings.settings.examples.projectId;
  if (!projectId) {
    const created = await call('/api/v1/projects', { method: 'POST', body: examples.project, headers: { 'idempotency-key': 'desktop-examples-project' } });
    if (created.status !== 201) throw new Error(`creating the Examples project failed: ${describe(created)}`);
    projectId = (created.json as { data: { id: string } }).data.id;
    await record({ projectId });
  }
  for (const example of examples.notebooks) {
    if (settings.settings.examples.created.includes(example.file)) continue;
    const created = await call(`/api/v1/projects/${encodeURIComponent(projectId)}/notebooks`, {
      method: 'POST',
      body: { title: example.title, description: example.description, tags: example.tags, code: example.code },
      headers: { 'idempotency-key': `desktop-example-${example.file}` },
    });
    if (created.status !== 201) throw new Error(`creating the example "${example.title}" failed: ${describe(created)}`);
    await record({ created: [...settings.settings.examples.created, example.file] });
  }
  await record({ done: true });
  return 'seeded';
}
