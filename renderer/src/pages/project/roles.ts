import type { MemberRole } from '../../api/project-members';

/** The roles a member or group can be given (admin belongs to the owner alone). */
export const ROLE_CHOICES: { value: MemberRole; label: string }[] = [
  { value: 'viewer', label: 'Viewer' },
  { value: 'editor', label: 'Editor' },
  { value: 'manager', label: 'Manager' },
];
