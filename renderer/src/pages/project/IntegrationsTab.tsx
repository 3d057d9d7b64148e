import { useParams } from 'react-router';
import { personIn } from '../../app/people';
import { CopyIntegrationModal } from '../integrations/CopyIntegrationModal';
import { IntegrationDetail } from '../integrations/IntegrationDetail';
import { IntegrationsList } from '../integrations/IntegrationsList';
import { canManage, useProjectContext } from './project-context';

/** The project's integrations: everyone in the project reads them; managers add, copy, change, test and delete. */
export function IntegrationsTab() {
  const project = useProjectContext();
  return (
    <IntegrationsList
      scope={{ kind: 'project', pid: project.id }}
      canManage={canManage(project)}
      nameOf={(userId) => personIn(project, userId)}
      detailPath={(iid) => `/projects/${project.id}/integrations/${iid}`}
      intro="Databases, buckets, APIs, AI providers and Git credentials this project's notebooks use. A session or job run receives each as environment variables named by its prefix; secrets are never shown."
      emptyHint={{
        manage:
          'Connect a database, a bucket, an API, an AI provider or Git credentials once; notebooks read them as environment variables, never as a password in their code.',
        read: 'A manager of this project connects databases, buckets and APIs here; your notebooks then read them as environment variables.',
      }}
      extra={{ label: 'Copy from organization', dialog: (onClose) => <CopyIntegrationModal pid={project.id} onClose={onClose} /> }}
    />
  );
}

/** One integration of the project, under the Integrations tab. */
export function IntegrationPage() {
  const project = useProjectContext();
  const { iid = '' } = useParams();
  return (
    <IntegrationDetail
      scope={{ kind: 'project', pid: project.id }}
      iid={iid}
      canManage={canManage(project)}
      nameOf={(userId) => personIn(project, userId)}
      listPath={`/projects/${project.id}/integrations`}
    />
  );
}
