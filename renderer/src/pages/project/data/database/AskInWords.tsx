import { Button, Group, MultiSelect, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useGenerateSql, type DatabaseTable, type DataSource, type GeneratedSql } from '../../../../api/data-browser';
import { DataErrorAlert } from '../DataErrorAlert';
import { useDataContext } from '../data-context';

interface Props {
  source: DataSource;
  tables: DatabaseTable[];
  /** The SQL written for the question: it goes into the editor, to be read and run by the user. */
  onSql: (generated: GeneratedSql) => void;
}

/**
 * A question in words becomes SQL, written by the organization's AI provider from the tables'
 * names and columns (never their rows). Where no provider is configured, a line says so instead.
 */
export function AskInWords({ source, tables, onSql }: Props) {
  const { project, offers } = useDataContext();
  const generate = useGenerateSql(project.id, source.id);
  const [question, setQuestion] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);

  if (!offers?.ai_query)
    return (
      <Text size="sm" c="dimmed">
        Asking in words is off: it needs an AI provider integration (OpenAI) configured for the organization by an administrator.
      </Text>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    const named = chosen.map((value) => {
      const table = tables.find((candidate) => `${candidate.schema}.${candidate.name}` === value)!;
      return { schema: table.schema, name: table.name };
    });
    generate.mutate({ question: question.trim(), ...(named.length > 0 ? { tables: named } : {}) }, { onSuccess: onSql });
  };

  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Ask in words"
          description="Written into the editor as SQL for you to read and run; only table and column names are sent."
          placeholder="Which ten customers ordered the most last month?"
          value={question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          style={{ flex: '1 1 320px' }}
          maxLength={2000}
        />
        {tables.length > 0 && (
          <MultiSelect
            label="Tables"
            placeholder={chosen.length ? undefined : 'All tables'}
            data={tables.map((table) => `${table.schema}.${table.name}`)}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            maxDropdownHeight={240}
            style={{ flex: '0 1 240px' }}
          />
        )}
        <Button type="submit" variant="light" loading={generate.isPending} disabled={!question.trim()}>
          Write SQL
        </Button>
      </Group>
      {generate.error && (
        <div style={{ marginTop: 8 }}>
          <DataErrorAlert title="No SQL was written" error={generate.error} />
        </div>
      )}
    </form>
  );
}
