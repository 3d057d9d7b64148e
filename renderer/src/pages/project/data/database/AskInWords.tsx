import { Anchor, Button, Checkbox, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useGenerateSql, type DatabaseTable, type DataSource, type GeneratedSql } from '../../../../api/data-browser';
import { integrationsQuery } from '../../../../api/integrations';
import { DataErrorAlert } from '../DataErrorAlert';
import { useDataContext } from '../data-context';
import { dataLinks } from '../data-links';

interface Props {
  source: DataSource;
  tables: DatabaseTable[];
  /** The SQL written for the question: it goes into the editor, to be read and run by the user. */
  onSql: (generated: GeneratedSql) => void;
}

/**
 * A question in words becomes SQL, written by the project's AI provider integration from the
 * tables' names and columns (their first rows only when the user ticks the box). Where the hub or
 * the project has no provider, a line says why instead.
 */
export function AskInWords({ source, tables, onSql }: Props) {
  const { project, offers } = useDataContext();
  const integrations = useInfiniteQuery({ ...integrationsQuery({ kind: 'project', pid: project.id }), enabled: offers?.ai_query === true });
  const generate = useGenerateSql(project.id, source.id);
  const [question, setQuestion] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [withRows, setWithRows] = useState(false);

  if (!offers?.ai_query)
    return (
      <Text size="sm" c="dimmed">
        Asking in words is off on this hub: it needs integrations, which an operator turns on.
      </Text>
    );
  if (integrations.isPending) return null;
  const provider = integrations.data?.pages.flatMap((page) => page.items).find((integration) => integration.kind === 'openai');
  if (!provider)
    return (
      <Text size="sm" c="dimmed">
        Asking in words needs an AI provider: this project has no OpenAI integration yet.{' '}
        <Anchor component={Link} to={dataLinks.integrations(project.id)} size="sm" underline="always">
          Integrations
        </Anchor>{' '}
        is where a manager adds one.
      </Text>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    const named = chosen.map((value) => {
      const table = tables.find((candidate) => `${candidate.schema}.${candidate.name}` === value)!;
      return { schema: table.schema, name: table.name };
    });
    generate.mutate(
      { question: question.trim(), ...(named.length > 0 ? { tables: named } : {}), ...(withRows ? { include_sample_rows: true } : {}) },
      { onSuccess: onSql },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack gap={6}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Ask in words"
            placeholder="Which ten customers ordered the most last month?"
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            style={{ flex: '1 1 320px' }}
            maxLength={2000}
          />
          {tables.length > 0 && (
            <MultiSelect
              label="About the tables"
              placeholder={chosen.length ? undefined : 'The first tables'}
              data={tables.map((table) => `${table.schema}.${table.name}`)}
              value={chosen}
              onChange={setChosen}
              searchable
              clearable
              maxValues={30}
              maxDropdownHeight={240}
              style={{ flex: '0 1 240px' }}
            />
          )}
          <Button type="submit" variant="light" loading={generate.isPending} disabled={!question.trim()}>
            Write SQL
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {provider.name} writes the SQL into the editor below; nothing runs until you press Run.
        </Text>
        <Checkbox
          size="xs"
          radius="sm"
          label="Also send the first rows of these tables (otherwise only their names and column types are sent)"
          checked={withRows}
          onChange={(event) => setWithRows(event.currentTarget.checked)}
        />
        {generate.error && <DataErrorAlert title="No SQL was written" error={generate.error} />}
      </Stack>
    </form>
  );
}
