import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { NotebookSyncStatus } from '../../../api/remotes';

/** Whether the button is offered for a notebook: it is here too (one only the team hub has is pulled first). */
export const offersRunOnTeam = (notebook: NotebookSyncStatus): boolean => notebook.notebook_id !== null && notebook.state !== 'remote_only';

/** Why a notebook cannot run on the team hub now, or null when it can. */
const notRunnable = (notebook: NotebookSyncStatus): string | null =>
  notebook.conflict || notebook.state === 'diverged' || notebook.workspace === 'diverged'
    ? 'Changed here and on the team hub: resolve the conflict first.'
    : null;

interface Props {
  notebook: NotebookSyncStatus;
  onRun: (notebook: NotebookSyncStatus) => void;
  size?: ButtonProps['size'];
  /** Named after its notebook where several share a page (the Sync tab's table). */
  named?: boolean;
}

/** Opens "Run on team hub" for a synced notebook; disabled, saying why, while it is in conflict. */
export function RunOnTeamButton({ notebook, onRun, size, named = false }: Props) {
  const why = notRunnable(notebook);
  return (
    <Tooltip label={why ?? 'In a session shown in a window, or as a job, on the team’s compute.'} multiline maw={280}>
      <Button
        size={size}
        variant="default"
        disabled={why !== null}
        onClick={() => onRun(notebook)}
        aria-label={named ? `Run on team hub: ${notebook.title}` : undefined}
      >
        Run on team hub
      </Button>
    </Tooltip>
  );
}
