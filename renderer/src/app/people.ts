import type { Project } from '../api/types';

/**
 * How a page names a user of a project: their e-mail as a member, else their id (a user who has
 * left the project, or a project not loaded yet).
 */
export function personIn(project: Project | undefined, userId: string): string {
  return project?.members.find((member) => member.user_id === userId)?.email ?? userId;
}
