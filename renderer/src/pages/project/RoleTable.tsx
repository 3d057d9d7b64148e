import { Alert, Badge, Button, Paper, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemberRole } from '../../api/project-members';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ROLE_CHOICES } from './roles';

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
  /** "member" or "group", for labels and the removal dialog. */
  noun: string;
  caption: string;
  rows: RoleRow[];
  editable: boolean;
  onChangeRole: (key: string, role: MemberRole) => Promise<unknown>;
  onRemove: (key: string) => Promise<unknown>;
}

/** People or groups with their roles; managers change a role in place or remove a row after confirming. */
export function RoleTable({ noun, caption, rows, editable, onChangeRole, onRemove }: Props) {
  const change = useMutation({ mutationFn: ({ key, role }: { key: string; label: string; role: MemberRole }) => onChangeRole(key, role) });
  const remove = useMutation({ mutationFn: onRemove });
  const [removing, setRemoving] = useState<RoleRow | null>(null);
  const closeRemove = () => {
    remove.reset();
    setRemoving(null);
  };

  return (
    <>
      {change.error && (
        <Alert color="red" role="alert" mb="sm" withCloseButton onClose={() => change.reset()} closeButtonLabel="Dismiss">
          Could not change the role of {change.variables?.label}: {change.error.message}
        </Alert>
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="xs" aria-label={caption}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{noun === 'group' ? 'Group' : 'Member'}</Table.Th>
                <Table.Th w={200}>Role</Table.Th>
                {editable && (
                  <Table.Th w={120}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={500}>
                      {row.label}
                    </Text>
                    {row.detail && (
                      <Text size="xs" c="dimmed">
                        {row.detail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {editable && !row.locked && row.role !== 'admin' ? (
                      <Select
                        aria-label={`Role of ${row.label}`}
                        data={ROLE_CHOICES}
                        value={change.isPending && change.variables.key === row.key ? change.variables.role : row.role}
                        onChange={(value) => value && value !== row.role && change.mutate({ key: row.key, label: row.label, role: value as MemberRole })}
                        allowDeselect={false}
                        disabled={change.isPending}
                        size="xs"
                        w={140}
                      />
                    ) : (
                      <Badge variant="light" title={row.locked}>
                        {row.role}
                      </Badge>
                    )}
                  </Table.Td>
                  {editable && (
                    <Table.Td ta="right">
                      {!row.locked && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(row)} aria-label={`Remove ${row.label}`}>
                          Remove
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <ConfirmModal
        title={`Remove ${noun}`}
        opened={removing !== null}
        onClose={closeRemove}
        onConfirm={() => removing && remove.mutate(removing.key, { onSuccess: closeRemove })}
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error}
      >
        {noun === 'group'
          ? `Members of the group “${removing?.label}” lose the role it gave them here (they keep any role they have otherwise).`
          : `${removing?.label} loses their role in this project (they keep any role a group or the default role gives them).`}
      </ConfirmModal>
    </>
  );
}
