import { Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkspaceAccess, WorkspaceItem } from '../../../api/workspace';
import { formatDateTime } from '../../../app/format';
import { formatBytes } from './bytes';
import { ItemIcon } from './ItemIcon';
import { ItemMenu, type ItemAction } from './ItemMenu';

interface Props {
  pid: string;
  nid: string;
  items: WorkspaceItem[];
  access: WorkspaceAccess;
  onAction: (action: ItemAction, item: WorkspaceItem) => void;
}

/** A folder's items: folders open in place (their path goes in the URL), files have their size and date. */
export function FileTable({ pid, nid, items, access, onAction }: Props) {
  const isProtected = (item: WorkspaceItem) => access.protected_paths.some((rule) => rule.path === item.path);
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={110}>Size</Table.Th>
            <Table.Th w={190}>Modified</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.path}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Group gap="xs" wrap="nowrap">
                  <ItemIcon kind={item.kind} />
                  {item.kind === 'directory' ? (
                    <Anchor component={Link} to={`?path=${encodeURIComponent(item.path)}`} fw={500}>
                      {item.name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{item.name}</Text>
                  )}
                  {isProtected(item) && (
                    <Badge size="xs" variant="light" color="gray">
                      notebook code
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{item.kind === 'file' && item.size !== undefined ? formatBytes(item.size) : '—'}</Table.Td>
              <Table.Td>{item.modified_at !== undefined ? formatDateTime(new Date(item.modified_at).toISOString()) : '—'}</Table.Td>
              <Table.Td>
                <ItemMenu pid={pid} nid={nid} item={item} access={access} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
