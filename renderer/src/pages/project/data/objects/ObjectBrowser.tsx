import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { objectsQuery, type DataSource } from '../../../../api/data-browser';
import { EmptyState } from '../../../../components/EmptyState';
import { ErrorView } from '../../../../components/ErrorView';
import { useDataContext } from '../data-context';
import { isFolder, parentOf } from '../data-links';
import { Skeletons } from '../Skeletons';
import { SourceHeader } from '../SourceHeader';
import { ObjectBreadcrumbs } from './ObjectBreadcrumbs';
import { ObjectList } from './ObjectList';
import { ObjectView } from './ObjectView';

/**
 * A bucket or a notebook's workspace, one folder at a time (`?path=<folder>/`), filtered by the
 * start of a name (`?q=`); an object's key in `?path=` shows that object.
 */
export function ObjectBrowser({ source }: { source: DataSource }) {
  const { project } = useDataContext();
  const [params] = useSearchParams();
  const path = params.get('path') ?? '';
  const root = source.kind === 'workspace' ? 'Workspace' : (source.bucket ?? source.name);
  const header = (
    <SourceHeader
      source={source}
      actions={
        source.kind === 'workspace' && (
          <Button variant="default" size="xs" component={Link} to={`/projects/${project.id}/notebooks/${source.id}/files`}>
            Manage files
          </Button>
        )
      }
    />
  );
  return (
    <>
      {header}
      {isFolder(path) ? (
        <Folder key={path} source={source} folder={path} breadcrumbs={<ObjectBreadcrumbs pid={project.id} sid={source.id} root={root} path={path} />} />
      ) : (
        <>
          <ObjectBreadcrumbs pid={project.id} sid={source.id} root={root} path={path} />
          <ObjectView source={source} objectKey={path} versionId={params.get('version')} folder={parentOf(path)} />
        </>
      )}
    </>
  );
}

function Folder({ source, folder, breadcrumbs }: { source: DataSource; folder: string; breadcrumbs: ReactNode }) {
  const { project } = useDataContext();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const [search] = useDebouncedValue(typed, 300);
  // The search goes in the address (replacing it, so Back leaves the folder rather than each letter).
  useEffect(() => {
    if ((params.get('q') ?? '') === search) return;
    const next = new URLSearchParams(params);
    if (search) next.set('q', search);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [search, params, setParams]);
  const listing = useInfiniteQuery(objectsQuery(project.id, source.id, folder + search));
  const entries = listing.data?.pages.flatMap((page) => page.entries) ?? [];

  let body;
  if (listing.isPending) body = <Skeletons label="Loading the folder…" rows={6} height={30} />;
  else if (listing.isError) body = <ErrorView error={listing.error} onRetry={() => void listing.refetch()} />;
  else if (entries.length === 0)
    body = (
      <EmptyState
        title={
          search ? 'Nothing here starts with that' : folder ? 'This folder is empty' : source.kind === 'workspace' ? 'No files yet' : 'This bucket is empty'
        }
      >
        {search
          ? `No folder or object in this folder has a name starting with “${search}”.`
          : source.kind === 'workspace'
            ? 'Files the notebook reads and writes appear here.'
            : 'Objects written to the bucket appear here.'}
      </EmptyState>
    );
  else body = <ObjectList pid={project.id} sid={source.id} entries={entries} pages={listing} label={folder ? `Folder ${folder}` : 'Top folder'} />;

  return (
    <>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>{breadcrumbs}</div>
        <TextInput
          aria-label="Filter by the start of a name"
          placeholder="Filter: names starting with…"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          style={{ flex: '0 1 280px' }}
          rightSection={typed ? <CloseButton size="sm" aria-label="Clear the filter" onClick={() => setTyped('')} /> : null}
        />
      </Group>
      {body}
    </>
  );
}
