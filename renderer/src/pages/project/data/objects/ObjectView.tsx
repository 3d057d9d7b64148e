import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dataUrls, objectQuery, type DataSource, type ObjectDetails } from '../../../../api/data-browser';
import { formatDateTime } from '../../../../app/format';
import { DataTable } from '../../../../components/DataTable';
import { formatBytes } from '../../../notebook/files/bytes';
import { DataErrorAlert } from '../DataErrorAlert';
import { useDataContext } from '../data-context';
import { dataLinks } from '../data-links';
import { OpenInNotebookButton } from '../notebook/OpenInNotebook';
import { Skeletons } from '../Skeletons';
import { fileType } from './file-types';
import { PreviewPanel } from './PreviewPanel';

interface Props {
  source: DataSource;
  objectKey: string;
  /** A version other than the latest (`?version=`), or null. */
  versionId: string | null;
  /** The folder it is in, to go back to. */
  folder: string;
}

/** One object: its facts, its versions where the bucket keeps them, Download, Open in notebook, and its preview. */
export function ObjectView({ source, objectKey, versionId, folder }: Props) {
  const { project, offers } = useDataContext();
  const details = useQuery(objectQuery(project.id, source.id, objectKey, versionId));
  if (details.isPending) return <Skeletons label="Loading the object…" rows={4} height={36} />;
  if (details.isError)
    return (
      <Stack gap="sm">
        <DataErrorAlert title="This object cannot be read" error={details.error} onRetry={() => void details.refetch()} />
        <Anchor component={Link} to={dataLinks.path(project.id, source.id, folder)} size="sm">
          Back to the folder
        </Anchor>
      </Stack>
    );
  const object = details.data;
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {object.name}
            </Title>
            {object.key !== object.name && (
              <Text size="sm" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {object.key}
              </Text>
            )}
          </div>
          <Group gap="xs">
            <Button component="a" href={dataUrls.content(project.id, source.id, object.key, versionId)} download={object.name} variant="default">
              Download
            </Button>
            <OpenInNotebookButton source={source} data={{ object: { key: object.key } }} what={object.name} />
          </Group>
        </Group>
        <Facts object={object} />
      </Paper>
      {object.versions && object.versions.length > 0 && <Versions source={source} object={object} current={versionId} />}
      <Title order={3} size="h4">
        Preview
      </Title>
      {offers?.preview === false ? (
        <Text size="sm" c="dimmed">
          This hub does not make previews; download the file to look at it.
        </Text>
      ) : object.format === null ? (
        <Text size="sm" c="dimmed">
          There is no preview for this kind of file ({fileType(object.name)}); download it to look at it.
        </Text>
      ) : (
        <PreviewPanel pid={project.id} sid={source.id} objectKey={object.key} versionId={versionId} name={object.name} />
      )}
    </>
  );
}

function Facts({ object }: { object: ObjectDetails }) {
  const facts: [string, string][] = [
    ['Size', formatBytes(object.size)],
    ['Modified', formatDateTime(object.modified)],
    ['Type', object.content_type ?? fileType(object.name)],
    ['ETag', object.etag ?? '—'],
  ];
  if (object.version_id) facts.push(['Version', object.version_id]);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mt="md" component="dl" style={{ margin: 0, marginTop: 'var(--mantine-spacing-md)' }}>
      {facts.map(([label, value]) => (
        <div key={label} style={{ minWidth: 0 }}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} ff={label === 'ETag' || label === 'Version' ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function Versions({ source, object, current }: { source: DataSource; object: ObjectDetails; current: string | null }) {
  const { project } = useDataContext();
  const versions = object.versions ?? [];
  const shown = current ?? versions.find((version) => version.latest)?.version_id ?? null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" id="object-versions">
        Versions
      </Title>
      <DataTable
        labelledBy="object-versions"
        columns={[
          {
            header: 'Version',
            cell: (version) => (
              <Group gap={6} wrap="nowrap">
                {version.deleted ? (
                  <Text size="sm" ff="monospace" truncate title={version.version_id}>
                    {version.version_id}
                  </Text>
                ) : (
                  <Anchor
                    component={Link}
                    to={dataLinks.path(project.id, source.id, object.key, version.latest ? null : version.version_id)}
                    size="sm"
                    ff="monospace"
                    truncate
                    title={version.version_id}
                    aria-current={version.version_id === shown ? 'page' : undefined}
                  >
                    {version.version_id}
                  </Anchor>
                )}
                {version.latest && (
                  <Badge size="xs" variant="light" style={{ flex: 'none' }}>
                    latest
                  </Badge>
                )}
                {version.deleted && (
                  <Badge size="xs" variant="light" color="red" style={{ flex: 'none' }}>
                    deleted
                  </Badge>
                )}
                {version.version_id === shown && (
                  <Badge size="xs" variant="outline" color="gray" style={{ flex: 'none' }}>
                    shown
                  </Badge>
                )}
              </Group>
            ),
          },
          { header: 'Size', width: 96, align: 'right', cell: (version) => (version.deleted ? '—' : formatBytes(version.size)) },
          { header: 'Modified', width: 196, cell: (version) => formatDateTime(version.modified) },
          {
            header: 'Download',
            hiddenHeader: true,
            width: 110,
            cell: (version) =>
              !version.deleted && (
                <Anchor
                  href={dataUrls.content(project.id, source.id, object.key, version.version_id)}
                  download={object.name}
                  size="sm"
                  aria-label={`Download version ${version.version_id}`}
                >
                  Download
                </Anchor>
              ),
          },
        ]}
        rows={versions}
        rowKey={(version) => version.version_id}
        fixedLayout
        spacing="xs"
        framed
      />
    </Stack>
  );
}
