import { ActionIcon, Menu } from '@mantine/core';
import { notebookUrls } from '../../../api/notebook-content';
import { isDenied, type WorkspaceAccess, type WorkspaceItem } from '../../../api/workspace';

export type ItemAction = 'move' | 'copy' | 'delete';

interface Props {
  pid: string;
  nid: string;
  item: WorkspaceItem;
  access: WorkspaceAccess;
  onAction: (action: ItemAction, item: WorkspaceItem) => void;
}

/** A file's or folder's actions; those the workspace would refuse are left out. */
export function ItemMenu({ pid, nid, item, access, onAction }: Props) {
  const download = item.kind === 'file' ? notebookUrls.workspaceFile(pid, nid, item.path) : notebookUrls.workspaceArchive(pid, nid, item.path);
  const canMove = !isDenied(access, item, 'move') && !isDenied(access, item, 'delete');
  const canCopy = access.writable;
  const canDelete = !isDenied(access, item, 'delete');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${item.name}`}>
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={download} download={item.kind === 'file' ? item.name : `${item.name}.zip`}>
          {item.kind === 'file' ? 'Download' : 'Download as zip'}
        </Menu.Item>
        {canMove && <Menu.Item onClick={() => onAction('move', item)}>Move or rename…</Menu.Item>}
        {canCopy && <Menu.Item onClick={() => onAction('copy', item)}>Copy…</Menu.Item>}
        {canDelete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => onAction('delete', item)}>
              Delete…
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
