import { Alert, Badge, Text } from '@mantine/core';
import { useChangeRole, useRemoveRole, type MemberRole, type RoleHolder } from '../../api/project-members';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable, type Column } from '../../components/DataTable';
import { RoleSelect } from './roles';

export interface RoleRow {
  /** What the API names the row by: a user id, an invited e-mail or a group. */
  key: string;
  label: string;
  detail?: string | undefined;
  role: MemberRole | 'admin';
  /** Why this row cannot be changed here (the owner), or undefined. */
  locked?: string | undefined;
}

interface Props {
  pid: string;
  holder: RoleHolder;
  caption: string;
  rows: RoleRow[];
  editable: boolean;
}

/** People or groups with their roles; managers change a role in place or remove a row after confirming. */
export function RoleTable({ pid, holder, caption, rows, editable }: Props) {
  const change = useChangeRole(pid, holder);
  const remove = useRemoveRole(pid, holder);
  const changing = change.isPending ? change.variables : undefined;
  const columns: Column<RoleRow>[] = [
    {
      header: holder === 'group' ? 'Group' : 'Member',
      breakAnywhere: true,
      cell: (row) => (
        <>
          <Text size="sm" fw={500}>
            {row.label}
          </Text>
          {row.detail && (
            <Text size="xs" c="dimmed">
              {row.detail}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Role',
      width: 200,
      cell: (row) =>
        editable && !row.locked && row.role !== 'admin' ? (
          <RoleSelect
            aria-label={`Role of ${row.label}`}
            value={changing?.key === row.key ? changing.role : row.role}
            onChange={(role) => role !== row.role && change.mutate({ key: row.key, role })}
            disabled={change.isPending}
            size="xs"
            w={140}
          />
        ) : (
          <Badge variant="light" title={row.locked}>
            {row.role}
          </Badge>
        ),
    },
  ];

  return (
    <>
      {change.error && (
        <Alert color="red" role="alert" mb="sm" withCloseButton onClose={() => change.reset()} closeButtonLabel="Dismiss">
          Could not change the role of {rows.find((row) => row.key === change.variables?.key)?.label ?? change.variables?.key}: {change.error.message}
        </Alert>
      )}
      <DataTable
        label={caption}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        rowActions={
          editable
            ? (row) =>
                !row.locked && (
                  <ConfirmButton
                    mutation={remove}
                    variables={row.key}
                    label="Remove"
                    ariaLabel={`Remove ${row.label}`}
                    button={{ size: 'xs', variant: 'subtle', color: 'red' }}
                    title={`Remove ${holder}`}
                  >
                    {holder === 'group'
                      ? `Members of the group “${row.label}” lose the role it gave them here (they keep any role they have otherwise).`
                      : `${row.label} loses their role in this project (they keep any role a group or the default role gives them).`}
                  </ConfirmButton>
                )
            : undefined
        }
        actionsWidth={120}
        minWidth={560}
        nativeScroll
        framed
        spacing="xs"
      />
    </>
  );
}
