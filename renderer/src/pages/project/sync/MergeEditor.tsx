import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { Resolution, ResolveBody } from '../../../api/remotes';
import type { ConfirmedMutation } from '../../../components/ConfirmButton';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { conflictsLeft } from './three-way';

interface Props {
  /** The merge to start from: each side's own changes taken, the rest between conflict markers. */
  initial: string;
  resolve: ConfirmedMutation<Resolution, ResolveBody>;
  onResolved: (resolution: Resolution) => void;
  onCancel: () => void;
}

/** The merged notebook, edited here, then saved after the team's version and pushed. */
export function MergeEditor({ initial, resolve, onResolved, onCancel }: Props) {
  const [code, setCode] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const left = conflictsLeft(code);
  const close = () => {
    setConfirming(false);
    resolve.reset();
  };
  const save = () =>
    resolve.mutate(
      { choice: 'merged', code },
      {
        onSuccess: (resolution) => {
          close();
          onResolved(resolution);
        },
      },
    );
  return (
    <Stack gap="sm">
      <Text size="sm">
        Changes made on one side only are taken already. Where both sides changed the same lines, both are kept between{' '}
        <code>&lt;&lt;&lt;&lt;&lt;&lt;&lt;</code> and <code>&gt;&gt;&gt;&gt;&gt;&gt;&gt;</code> lines: keep what belongs and remove the markers.
      </Text>
      <Textarea
        label="Merged notebook"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        autosize
        minRows={12}
        maxRows={30}
        spellCheck={false}
        autoComplete="off"
        styles={{
          input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)', whiteSpace: 'pre', overflowX: 'auto' },
        }}
        description={left > 0 ? `${left} ${left === 1 ? 'place still marked' : 'places still marked'}` : 'No conflict markers left.'}
      />
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => setCode(initial)} disabled={code === initial}>
          Start over
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => setConfirming(true)}>Save the merge</Button>
        </Group>
      </Group>
      <ConfirmDialog
        title="Save the merge?"
        opened={confirming}
        onClose={close}
        onConfirm={save}
        confirmLabel="Save and push"
        pending={resolve.isPending}
        error={resolve.error}
        tone="safe"
      >
        <Stack gap="xs">
          <span>
            The team’s version is saved here first, then this merge after it as the current version, and the merge is pushed to the team hub. Your version stays
            in the history.
          </span>
          {left > 0 && (
            <Alert color="yellow" p="xs">
              The code still marks {left} {left === 1 ? 'conflict' : 'conflicts'} with <code>&lt;&lt;&lt;&lt;&lt;&lt;&lt;</code> lines: marimo cannot run it
              until the markers are removed.
            </Alert>
          )}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
