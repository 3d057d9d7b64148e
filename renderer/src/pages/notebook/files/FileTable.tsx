import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkspaceAccess, WorkspaceItem } from '../../../api/workspace';
import { formatDateTime } from '../../../app/format';
import { DataTable } from '../../../components/DataTable';
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
    <DataTable
      columns={[
        {
          header: 'Name',
          breakAnywhere: true,
          cell: (item) => (
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
          ),
        },
        { header: 'Size', width: 110, cell: (item) => (item.kind === 'file' && item.size !== undefined ? formatBytes(item.size) : '—') },
        {
          header: 'Modified',
          width: 190,
          cell: (item) => (item.modified_at !== undefined ? formatDateTime(new Date(item.modified_at).toISOString()) : '—'),
        },
        {
          header: 'Actions',
          hiddenHeader: true,
          width: 60,
          cell: (item) => <ItemMenu pid={pid} nid={nid} item={item} access={access} onAction={onAction} />,
        },
      ]}
      rows={items}
      rowKey={(item) => item.path}
      minWidth={600}
      highlightOnHover
      spacing="xs"
    />
  );
}
