import { Alert, Stack } from '@mantine/core';
import { DangerZone } from './DangerZone';
import { ProjectFacts } from './ProjectFacts';
import { SettingsForm } from './SettingsForm';
import { canManage, isAdmin, useProjectContext } from './project-context';

/** The project's settings: a form for managers, a read-only table for everyone else. */
export function SettingsTab() {
  const project = useProjectContext();
  const editable = canManage(project);
  return (
    <Stack gap="lg">
      {!editable && (
        <Alert color="gray" title="Read only">
          Only the project&apos;s managers and its admin can change these settings. Your role here is {project.your_role ?? 'none'}; ask a manager if something
          needs changing.
        </Alert>
      )}
      {editable && <SettingsForm key={project.updated_at} project={project} />}
      <ProjectFacts project={project} editable={editable} />
      {isAdmin(project) && <DangerZone project={project} />}
    </Stack>
  );
}
