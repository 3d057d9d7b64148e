import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Resolution, ResolveBody } from '../../../api/remotes';
import { ConfirmButton, type ConfirmedMutation } from '../../../components/ConfirmButton';
import { MergeEditor } from './MergeEditor';

interface Props {
  resolve: ConfirmedMutation<Resolution, ResolveBody>;
  /** Whether the code conflicts (else only the workspace files do, and there is nothing to merge by hand). */
  codeConflict: boolean;
  merging: boolean;
  onMerge: (merging: boolean) => void;
  initialMerge: string;
  onResolved: (resolution: Resolution) => void;
}

function Choice({ title, children, action }: { title: string; children: string; action: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs" h="100%" justify="space-between" align="flex-start">
        <div>
          <Text fw={700}>{title}</Text>
          <Text size="sm">{children}</Text>
        </div>
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * The three ways to resolve a conflict, each saying what it does here and on the team hub before
 * it does it; no version is lost either way (docs/remotes.md, "Conflicts").
 */
export function ResolveChoices({ resolve, codeConflict, merging, onMerge, initialMerge, onResolved }: Props) {
  const keepBoth = codeConflict
    ? 'The team’s version is saved here, then yours again after it, and yours is pushed to the team hub after theirs.'
    : 'The files of both sides are joined (yours where both have a path) and pushed to the team hub.';
  const takeTheirs = codeConflict
    ? 'The team’s version becomes the current one here; yours stays in the history. Nothing is sent to the team hub.'
    : 'The files here are replaced by the team’s. Nothing is sent to the team hub.';
  return (
    <section aria-labelledby="resolve-heading">
      <Title order={3} size="h4" id="resolve-heading" mb="sm">
        Resolve
      </Title>
      <SimpleGrid cols={{ base: 1, sm: codeConflict ? 3 : 2 }} spacing="sm">
        <Choice
          title="Keep both"
          action={
            <ConfirmButton
              mutation={resolve}
              variables={{ choice: 'keep_both' }}
              label="Keep both"
              title="Keep both versions?"
              tone="safe"
              onSuccess={onResolved}
            >
              {keepBoth} No version is lost on either side.
            </ConfirmButton>
          }
        >
          {codeConflict ? 'Yours stays the current version, on top of theirs; their changes are in the history.' : 'Every file of both sides.'}
        </Choice>
        <Choice
          title="Take theirs"
          action={
            <ConfirmButton
              mutation={resolve}
              variables={{ choice: 'take_theirs' }}
              label="Take theirs"
              button={{ variant: 'default' }}
              title="Take the team’s version?"
              tone="safe"
              onSuccess={onResolved}
            >
              {takeTheirs}
            </ConfirmButton>
          }
        >
          The team’s work wins; yours can be restored from the history later.
        </Choice>
        {codeConflict && (
          <Choice
            title="Merge in the editor"
            action={
              <Button variant="default" onClick={() => onMerge(!merging)} aria-expanded={merging}>
                {merging ? 'Close the editor' : 'Merge in the editor'}
              </Button>
            }
          >
            Both sides’ changes in one notebook, where you choose the lines both changed.
          </Choice>
        )}
      </SimpleGrid>
      {merging && codeConflict && (
        <Paper withBorder p="md" mt="sm">
          <MergeEditor initial={initialMerge} resolve={resolve} onResolved={onResolved} onCancel={() => onMerge(false)} />
        </Paper>
      )}
    </section>
  );
}
