import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { tablesQuery, type DataSource, type GeneratedSql } from '../../../../api/data-browser';
import { DataErrorAlert } from '../DataErrorAlert';
import { useDataContext } from '../data-context';
import { DataGrid } from '../grid/DataGrid';
import { OpenInNotebookButton } from '../notebook/OpenInNotebook';
import { WithSource } from '../WithSource';
import { AskInWords } from './AskInWords';
import { DatabaseFrame } from './DatabaseFrame';
import { ResultFacts } from './ResultFacts';
import { useQueryRun } from './use-query-run';

/** `/data/:sid/query`: SQL against a database, read-only, with the hub's caps. */
export function QueryPage() {
  return (
    <WithSource>
      {(source) =>
        source.type === 'database' ? (
          <DatabaseFrame source={source} active="query">
            <QueryEditor source={source} />
          </DatabaseFrame>
        ) : (
          <DataErrorAlert title="Not a database" error={new Error(`${source.name} holds files: there is no SQL to run against it.`)} />
        )
      }
    </WithSource>
  );
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The editor, Run and Cancel, and the result. A statement runs only when the user presses Run (or
 * Ctrl/Cmd+Enter): SQL written from a question is put in the editor, never run by itself.
 */
export function QueryEditor({ source }: { source: DataSource }) {
  const { project, offers } = useDataContext();
  const [params] = useSearchParams();
  const [sql, setSql] = useState(params.get('sql') ?? '');
  const [generated, setGenerated] = useState<GeneratedSql | null>(null);
  const tables = useQuery({ ...tablesQuery(project.id, source.id), enabled: offers?.ai_query === true });
  const { state, run, cancel } = useQueryRun(project.id, source.id);
  const running = state.status === 'running';

  if (offers?.query === false)
    return (
      <Alert color="gray" title="Queries are off">
        This hub does not run queries against integrations; the tables and their first rows are still on the Tables page.
      </Alert>
    );

  const start = () => {
    if (sql.trim() && !running) run(sql);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      start();
    }
  };
  const onSql = (answer: GeneratedSql) => {
    setSql(answer.sql);
    setGenerated(answer);
  };

  return (
    <Stack gap="sm">
      <AskInWords source={source} tables={tables.data?.tables ?? []} onSql={onSql} />
      <Textarea
        label="SQL"
        description={`One statement, run read-only; ${isMac ? '⌘' : 'Ctrl'}+Enter runs it.`}
        value={sql}
        onChange={(event) => {
          setSql(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        autosize
        minRows={6}
        maxRows={18}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
      />
      {generated && (
        <Text size="xs" c="dimmed">
          Written by {generated.model} from the tables&apos; names and columns{generated.sent_sample_rows ? ' and a few sample rows' : ''}. Read it, change it
          if needed, then run it.
        </Text>
      )}
      <Group gap="sm">
        <Button onClick={start} loading={running} disabled={!sql.trim()}>
          Run
        </Button>
        {running && (
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
        )}
        {running && (
          <Text size="sm" c="dimmed" role="status">
            Running…
          </Text>
        )}
      </Group>
      <Result source={source} state={state} />
    </Stack>
  );
}

function Result({ source, state }: { source: DataSource; state: ReturnType<typeof useQueryRun>['state'] }) {
  if (state.status === 'failed') return <DataErrorAlert title="The query failed" error={state.error} />;
  if (state.status === 'cancelled')
    return (
      <Text size="sm" c="dimmed" role="status">
        Cancelled: the hub stopped the statement at the database.
      </Text>
    );
  if (state.status !== 'done') return null;
  const { result, sql } = state;
  return (
    <Stack gap="xs">
      <ResultFacts result={result} of="query" actions={<OpenInNotebookButton source={source} data={{ sql }} what="this query" />} />
      {result.columns.length === 0 ? (
        <Text size="sm" c="dimmed">
          The statement returned no columns.
        </Text>
      ) : (
        <DataGrid label="Query result" columns={result.columns} rows={result.rows} />
      )}
    </Stack>
  );
}
