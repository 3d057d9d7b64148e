import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { capabilitiesQuery } from '../../api/notebook-access';
import { DangerZone } from './DangerZone';
import { FederationSection } from './federation/FederationSection';
import { GitCredentialsSection } from './GitCredentialsSection';
import { ProjectFacts } from './ProjectFacts';
import { SettingsForm } from './SettingsForm';
import { canManage, isAdmin, useProjectContext } from './project-context';

/** The project's settings: a form for managers, a read-only table for everyone else. */
export function SettingsTab() {
  const project = useProjectContext();
  const editable = canManage(project);
  // Only while the hub syncs notebooks from Git (SERVICE_GIT) do the credentials matter.
  const gitOn = (useQuery(capabilitiesQuery).data?.source_control.sync_providers.length ?? 0) > 0;
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
      {editable && <FederationSection key={`federation-${project.updated_at}`} project={project} />}
      {editable && gitOn && <GitCredentialsSection project={project} />}
      {isAdmin(project) && <DangerZone project={project} />}
    </Stack>
  );
}
