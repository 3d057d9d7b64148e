import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The folder's place in the workspace; each parent is a link (its path in ?path=). */
export function FolderBreadcrumbs({ folder }: { folder: string }) {
  const parts = folder ? folder.split('/') : [];
  const link = (index: number) => (index < 0 ? '?' : `?path=${encodeURIComponent(parts.slice(0, index + 1).join('/'))}`);
  return (
    <nav aria-label="Folder">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        {parts.length === 0 ? (
          <Text size="sm" fw={600}>
            Workspace
          </Text>
        ) : (
          <Anchor component={Link} to={link(-1)} size="sm">
            Workspace
          </Anchor>
        )}
        {parts.map((part, index) =>
          index === parts.length - 1 ? (
            <Text key={index} size="sm" fw={600} aria-current="page">
              {part}
            </Text>
          ) : (
            <Anchor key={index} component={Link} to={link(index)} size="sm">
              {part}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
