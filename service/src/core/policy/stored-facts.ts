import type { PolicyResource } from './engine.js';
import type { SecurityLabels } from './security-labels.js';

/** What the engine weighs of a stored notebook. */
export interface StoredNotebook {
  security_labels: SecurityLabels | null;
  /** Who created it: they may take its edit session over. */
  author: string;
}

/** What the engine weighs of a stored session, and the notebook it runs. */
export interface StoredSession {
  notebook_id: string;
  user_id: string;
  mode: 'edit' | 'app';
  ephemeral: boolean;
  editor_sandbox_sharing: 'shared' | 'exclusive';
}

/** The part of a policy resource that a notebook or session named by a request contributes. */
export type NamedFacts = Pick<PolicyResource, 'notebook_labels' | 'notebook_author' | 'session' | 'missing'>;

/**
 * The facts a notebook named by a request adds to its policy resource: its labels and author, or
 * that the project has no such notebook. Routes and the policy analyzer both build them here, so the
 * analyzer decides a stored notebook exactly as the routes do.
 */
export function notebookFacts(notebook: StoredNotebook | null): NamedFacts {
  return notebook ? { notebook_labels: notebook.security_labels, notebook_author: notebook.author } : { missing: 'notebook' };
}

/**
 * The facts a session named by a request adds: whose it is and how it runs (the session rules),
 * and the labels of its notebook. A session whose notebook was deleted since keeps running, with
 * no notebook labels left to clear.
 */
export function sessionFacts(session: StoredSession | null, notebook: StoredNotebook | null): NamedFacts {
  if (!session) return { missing: 'session' };
  const { user_id, mode, ephemeral, editor_sandbox_sharing } = session;
  return { notebook_labels: notebook?.security_labels ?? null, session: { user_id, mode, ephemeral, editor_sandbox_sharing } };
}
