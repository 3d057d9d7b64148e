import { Alert } from '@mantine/core';
import type { WorkspaceAccess } from '../../../api/workspace';

const REASONS: Record<NonNullable<WorkspaceAccess['read_only_reason']>, string> = {
  viewer: 'Your role in this project lets you read these files but not change them. Ask a project manager for the editor role to change them.',
  git_source: 'This notebook is synced from Git: its files change in the repository, not here.',
  active_session: 'An edit session holds this notebook. Change its files in the session; its saves bring them back here.',
};

/** Why the workspace cannot be changed right now, when it cannot. */
export function ReadOnlyNotice({ access }: { access: WorkspaceAccess }) {
  if (access.writable) return null;
  return (
    <Alert color="gray" title="These files are read-only">
      {access.read_only_reason ? REASONS[access.read_only_reason] : 'You cannot change these files right now.'}
    </Alert>
  );
}
