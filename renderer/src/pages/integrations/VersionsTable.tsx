import { Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { integrationVersionsQuery, type IntegrationKind, type IntegrationScope, type IntegrationVersion } from '../../api/integrations';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import classes from './VersionsTable.module.css';
import { versionChanges, type FieldChange } from './version-diff';

interface Props {
  scope: IntegrationScope;
  iid: string;
  kind: IntegrationKind | undefined;
  nameOf: (userId: string) => string;
}

function Changes({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Saved without changes
      </Text>
    );
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {change.field}
          </Text>
          {': '}
          <VisuallyHidden>was </VisuallyHidden>
          {change.before === null ? <em className={classes.empty}>empty</em> : <del className={classes.before}>{change.before}</del>}
          <span aria-hidden="true"> → </span>
          <VisuallyHidden>, now </VisuallyHidden>
          {change.after === null ? <em className={classes.empty}>empty</em> : <ins className={classes.after}>{change.after}</ins>}
        </Text>
      ))}
    </Stack>
  );
}

/** An integration's versions, newest first: who saved each, when, and what it changed from the one before. */
export function VersionsTable({ scope, iid, kind, nameOf }: Props) {
  const versions = useInfiniteQuery(integrationVersionsQuery(scope, iid));
  const items = versions.data?.pages.flatMap((page) => page.items) ?? [];
  const previousOf = (version: IntegrationVersion) => items[items.indexOf(version) + 1];
  const columns: Column<IntegrationVersion>[] = [
    {
      header: 'Version',
      width: 90,
      cell: (version) => (
        <Badge variant="light" tt="none">
          {`v${version.number}`}
        </Badge>
      ),
    },
    {
      header: 'Saved',
      width: 230,
      cell: (version) => (
        <>
          <Text size="sm">
            <DateTime value={version.created_at} />
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            by {nameOf(version.created_by)}
          </Text>
        </>
      ),
    },
    {
      header: 'Changes',
      cell: (version) => {
        const previous = previousOf(version);
        if (version.number === 1 || (!previous && !versions.hasNextPage))
          return (
            <Text size="sm" c="dimmed">
              Created
            </Text>
          );
        if (!previous)
          return (
            <Text size="sm" c="dimmed">
              Load more versions to compare with the one before.
            </Text>
          );
        return <Changes changes={versionChanges(version, previous, kind)} />;
      },
    },
  ];
  return (
    <DataTable
      label="Versions"
      columns={columns}
      rows={items}
      rowKey={(version) => version.id}
      query={versions}
      pages={versions}
      pagesLabel="Load more versions"
      loadingLabel="Loading versions…"
      minWidth={640}
      nativeScroll
      framed
      spacing="sm"
    />
  );
}
