import { useOutletContext } from 'react-router';
import type { NotebookDetail, Project } from '../../api/types';

export interface NotebookContext {
  notebook: NotebookDetail;
  project: Project | undefined;
}

/** The notebook (and its project, once loaded) that NotebookLayout loaded, for its tabs. */
export function useNotebookContext(): NotebookContext {
  return useOutletContext<NotebookContext>();
}

/** Roles that may change the notebook (the API decides; this only hides what it would refuse). */
export function canEdit(project: Project | undefined): boolean {
  return project?.your_role === 'admin' || project?.your_role === 'manager' || project?.your_role === 'editor';
}
