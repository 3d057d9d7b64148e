import { Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dataUrls, objectPreviewQuery, type Preview } from '../../../../api/data-browser';
import { LogView } from '../../../../components/LogView';
import { formatBytes } from '../../../notebook/files/bytes';
import { DataErrorAlert } from '../DataErrorAlert';
import { DataGrid } from '../grid/DataGrid';
import { Skeletons } from '../Skeletons';

interface Props {
  pid: string;
  sid: string;
  objectKey: string;
  versionId: string | null;
  name: string;
}

/** What an object holds, as the hub read it: the first rows in the grid, the start of a text, or the image. */
export function PreviewPanel({ pid, sid, objectKey, versionId, name }: Props) {
  const preview = useQuery(objectPreviewQuery(pid, sid, objectKey, versionId));
  if (preview.isPending) return <Skeletons label="Reading the preview…" rows={6} height={26} />;
  if (preview.isError) return <DataErrorAlert title="No preview of this file" error={preview.error} onRetry={() => void preview.refetch()} />;
  const data = preview.data;
  return (
    <>
      <PreviewFacts preview={data} />
      {data.kind === 'table' && (
        <DataGrid
          label={`Preview of ${name}`}
          columns={data.columns.map((column) => ({ name: column.name, type: column.type, sourceType: column.source_type ?? null }))}
          rows={data.rows}
        />
      )}
      {data.kind === 'text' && <LogView label={`Preview of ${name}`} text={data.text} maxHeight={480} />}
      {data.kind === 'image' && (
        <img
          src={dataUrls.content(pid, sid, objectKey, versionId)}
          alt={`${name}${data.width && data.height ? `, ${data.width} by ${data.height} pixels` : ''}`}
          style={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain', alignSelf: 'flex-start', borderRadius: 4 }}
        />
      )}
      {data.notes.length > 0 && (
        <List size="sm" c="dimmed">
          {data.notes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}

const FORMAT_NAMES: Record<string, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  json: 'JSON',
  ndjson: 'NDJSON',
  parquet: 'Parquet',
  arrow: 'Arrow',
  excel: 'Excel',
  image: 'Image',
  text: 'Text',
  markdown: 'Markdown',
};

/** One line on what the preview shows and what it cost. */
function PreviewFacts({ preview }: { preview: Preview }) {
  const parts: string[] = [FORMAT_NAMES[preview.format] ?? preview.format];
  if (preview.kind === 'table') {
    const rows = preview.rows.length;
    parts.push(
      preview.total_rows !== null
        ? `first ${rows.toLocaleString()} of ${preview.total_rows.toLocaleString()} rows`
        : `${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'}${preview.truncated ? ' (more follow)' : ''}`,
      `${preview.columns.length} ${preview.columns.length === 1 ? 'column' : 'columns'}`,
    );
  }
  if (preview.kind === 'text') {
    if (preview.truncated) parts.push('the start of the text');
    if (preview.invalid_utf8) parts.push('bytes that are not UTF-8 shown as �');
  }
  if (preview.kind === 'image' && preview.width && preview.height) parts.push(`${preview.width} × ${preview.height} pixels`);
  parts.push(`read ${formatBytes(preview.bytes_read)} of ${formatBytes(preview.size)}`, `${Math.round(preview.duration_ms)} ms`);
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {parts.join(' · ')}
      </Text>
    </Group>
  );
}
