import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { dataLinks } from '../data-links';

interface Props {
  pid: string;
  sid: string;
  /** The bucket's name, or "Workspace". */
  root: string;
  /** A folder (ends with "/", or '' for the top) or an object's key. */
  path: string;
}

/** Where in the bucket the page is: the top and each folder are links, the last part is not. */
export function ObjectBreadcrumbs({ pid, sid, root, path }: Props) {
  const parts = path.split('/').filter((part, index, all) => part !== '' || index < all.length - 1);
  // A folder's own parts: each link is the folder up to and including it.
  const link = (index: number) => dataLinks.path(pid, sid, index < 0 ? '' : `${parts.slice(0, index + 1).join('/')}/`);
  const crumb = (label: string, to: string | null, key: string) =>
    to === null ? (
      <Text key={key} size="sm" fw={600} aria-current="page" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
    ) : (
      <Anchor key={key} component={Link} to={to} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Anchor>
    );
  return (
    <nav aria-label="Folder">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {crumb(root, parts.length === 0 ? null : link(-1), 'root')}
        {parts.map((part, index) => crumb(part || '(empty name)', index === parts.length - 1 ? null : link(index), String(index)))}
      </Breadcrumbs>
    </nav>
  );
}
