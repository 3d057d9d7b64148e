import { useOutletContext } from 'react-router';
import type { Project } from '../../api/types';

/** The project that ProjectLayout loaded, for its tabs. */
export function useProjectContext(): Project {
  return useOutletContext<Project>();
}

// These only hide controls the API would refuse; the API decides.

/** Roles that may add notebooks. */
export function canWriteNotebooks(project: Project): boolean {
  return project.your_role === 'admin' || project.your_role === 'manager' || project.your_role === 'editor';
}

/** Roles that may change settings and members, and read the audit log and alert destinations. */
export function canManage(project: Project): boolean {
  return project.your_role === 'admin' || project.your_role === 'manager';
}

/** Only the admin (owner or super admin) may delete a project or lower its security labels. */
export function isAdmin(project: Project): boolean {
  return project.your_role === 'admin';
}
