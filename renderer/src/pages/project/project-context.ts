import { useOutletContext } from 'react-router';
import type { Project } from '../../api/types';

/** The project that ProjectLayout loaded, for its tabs. */
export function useProjectContext(): Project {
  return useOutletContext<Project>();
}

/** Roles that may add notebooks (the API decides; this only hides a button it would refuse). */
export function canWriteNotebooks(project: Project): boolean {
  return project.your_role === 'admin' || project.your_role === 'manager' || project.your_role === 'editor';
}
