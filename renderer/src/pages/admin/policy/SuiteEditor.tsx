import '@mantine/dropzone/styles.layer.css';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useState, type FormEvent } from 'react';
import type { PolicySuite } from '../../../api/admin-types';
import { useMe } from '../../../components/use-me';
import { exampleSuite } from './example-suite';
import { parseSuite } from './parse-suite';
import { SuiteError } from './SuiteError';

interface Props {
  maxCases: number;
  onRun: (suite: PolicySuite) => void;
  running: boolean;
  /** The API's refusal of the last run (validation errors name the field). */
  error: Error | null;
}

const MAX_FILE_BYTES = 1024 * 1024;

/** The suite as JSON: typed or pasted, dropped or chosen as a file, or started from an example. */
export function SuiteEditor({ maxCases, onRun, running, error }: Props) {
  const me = useMe();
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const load = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setText(await file.text());
    setLocalError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSuite(text);
    setLocalError(parsed.error);
    if (parsed.suite) onRun(parsed.suite);
  };

  return (
    <form onSubmit={submit} aria-label="Policy suite">
      <Stack gap="sm">
        <Dropzone
          onDrop={(files) => void load(files)}
          onReject={(rejections) => setLocalError(rejections[0]?.errors[0]?.message ?? 'That file cannot be used.')}
          accept={['application/json', '.json']}
          maxSize={MAX_FILE_BYTES}
          maxFiles={1}
          multiple={false}
          p="sm"
          inputProps={{ 'aria-label': 'Load a suite from a JSON file' }}
          // Without the fade its background follows a theme switch at once, as its text does.
          style={{ transition: 'none' }}
        >
          <Text size="sm" ta="center">
            Drop a suite file (.json) here, or click to choose one
          </Text>
        </Dropzone>
        <Textarea
          label="Suite (JSON)"
          description={`schema_version 1, a name, and 1 to ${maxCases} cases, each with a login and/or an authorization stage.`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={10}
          maxRows={24}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
          error={localError}
        />
        <SuiteError error={error} />
        <Group gap="sm">
          <Button type="submit" loading={running}>
            Run suite
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setText(JSON.stringify(exampleSuite(me), null, 2));
              setLocalError(null);
            }}
          >
            Start from an example
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
