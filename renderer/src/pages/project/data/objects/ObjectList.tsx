import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { ObjectEntry } from '../../../../api/data-browser';
import { formatDateTime } from '../../../../app/format';
import { DataTable } from '../../../../components/DataTable';
import type { PagedQuery } from '../../../../components/LoadMore';
import { ItemIcon } from '../../../notebook/files/ItemIcon';
import { formatBytes } from '../../../notebook/files/bytes';
import { dataLinks } from '../data-links';
import classes from '../DataTab.module.css';
import { fileType } from './file-types';

interface Props {
  pid: string;
  sid: string;
  entries: ObjectEntry[];
  pages: PagedQuery;
  label: string;
}

const keyOf = (entry: ObjectEntry) => (entry.type === 'folder' ? entry.prefix : entry.key);

/** A folder's folders and objects: each opens in place (its path goes in the URL). */
export function ObjectList({ pid, sid, entries, pages, label }: Props) {
  return (
    <DataTable
      label={label}
      columns={[
        {
          header: 'Name',
          cell: (entry) => (
            <Group gap="xs" wrap="nowrap" miw={0}>
              <ItemIcon kind={entry.type === 'folder' ? 'directory' : 'file'} />
              <Anchor component={Link} to={dataLinks.path(pid, sid, keyOf(entry))} size="sm" fw={500} className={classes.ellipsis} title={keyOf(entry)}>
                {entry.name}
                {entry.type === 'folder' ? '/' : ''}
              </Anchor>
            </Group>
          ),
        },
        { header: 'Size', width: 92, align: 'right', cell: (entry) => (entry.type === 'object' ? formatBytes(entry.size) : '—') },
        { header: 'Modified', width: 196, cell: (entry) => (entry.type === 'object' ? formatDateTime(entry.modified) : '—') },
        { header: 'Type', width: 112, cell: (entry) => (entry.type === 'folder' ? 'Folder' : fileType(entry.name)) },
      ]}
      rows={entries}
      rowKey={keyOf}
      pages={pages}
      pagesLabel="Load more"
      fixedLayout
      highlightOnHover
      spacing="xs"
      framed
    />
  );
}
