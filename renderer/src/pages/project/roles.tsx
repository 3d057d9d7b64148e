import { Select, type SelectProps } from '@mantine/core';
import type { MemberRole } from '../../api/project-members';

/** The roles a member or group can be given (admin belongs to the owner alone). */
const ROLE_CHOICES: { value: MemberRole; label: string }[] = [
  { value: 'viewer', label: 'Viewer' },
  { value: 'editor', label: 'Editor' },
  { value: 'manager', label: 'Manager' },
];

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
}

/** Picks one of the roles a member or group can be given; labelled "Role" unless told otherwise. */
export function RoleSelect({ value, onChange, ...props }: Props) {
  return (
    <Select
      label={props['aria-label'] ? undefined : 'Role'}
      data={ROLE_CHOICES}
      value={value}
      onChange={(chosen) => chosen && onChange(chosen as MemberRole)}
      allowDeselect={false}
      {...props}
    />
  );
}
