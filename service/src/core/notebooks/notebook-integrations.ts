import type { FieldProblem } from '../errors.js';

/**
 * Which of the project's integrations a notebook's sandboxes receive, and whether its app sessions
 * receive them too (docs/project-secrets.md, "What a notebook receives").
 */
export interface NotebookIntegrations {
  /** `all` of the project's integrations, or these integration ids. */
  use: 'all' | string[];
  /**
   * Whether app sessions (viewers') receive the project's secrets and integrations: the notebook's
   * manager chooses it for everyone who opens the app, whatever the viewer's own rights.
   */
  in_apps: boolean;
}

export const DEFAULT_NOTEBOOK_INTEGRATIONS: NotebookIntegrations = { use: 'all', in_apps: false };

/** What a notebook's PATCH may change of it: either part, the other kept. */
export type NotebookIntegrationsPatch = Partial<NotebookIntegrations>;

export const INTEGRATION_ID = /^intg-[0-9a-z]{16}$/;
export const MAX_NOTEBOOK_INTEGRATIONS = 100;

/** A notebook's setting, with the default for notebooks stored before it existed. */
export const integrationsOf = (notebook: { integrations?: NotebookIntegrations }): NotebookIntegrations =>
  notebook.integrations ?? DEFAULT_NOTEBOOK_INTEGRATIONS;

export function integrationsProblems(patch: NotebookIntegrationsPatch | undefined): FieldProblem[] {
  if (patch === undefined || patch.use === undefined || patch.use === 'all') return [];
  const ids = patch.use;
  if (ids.length > MAX_NOTEBOOK_INTEGRATIONS) return [{ field: 'integrations.use', message: `names at most ${MAX_NOTEBOOK_INTEGRATIONS} integrations` }];
  const wrong = ids.find((id) => !INTEGRATION_ID.test(id));
  if (wrong !== undefined) return [{ field: 'integrations.use', message: `${JSON.stringify(wrong.slice(0, 40))} is not an integration id (intg-…)` }];
  if (new Set(ids).size !== ids.length) return [{ field: 'integrations.use', message: 'names an integration twice' }];
  return [];
}

/** The setting after a patch. */
export function patchedIntegrations(current: NotebookIntegrations, patch: NotebookIntegrationsPatch): NotebookIntegrations {
  return { use: patch.use ?? current.use, in_apps: patch.in_apps ?? current.in_apps };
}
