import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { adminUsersQuery } from '../../../api/admin';
import { useMe } from '../../../components/use-me';
import { IntegrationDetail } from '../../integrations/IntegrationDetail';
import { IntegrationsList } from '../../integrations/IntegrationsList';

const ORGANIZATION = { kind: 'organization' } as const;

/** Who saved an organization integration: their e-mail among the users loaded, else their id. */
function useUserNames(): (userId: string) => string {
  const me = useMe();
  const users = useInfiniteQuery(adminUsersQuery);
  const emails = new Map((users.data?.pages.flatMap((page) => page.items) ?? []).map((user) => [user.id, user.email]));
  return (userId) => (userId === me.id ? me.email : (emails.get(userId) ?? userId));
}

/** The organization's integrations (super admins change them); projects copy them in. */
export function OrgIntegrationsTab() {
  const nameOf = useUserNames();
  return (
    <IntegrationsList
      scope={ORGANIZATION}
      canManage
      nameOf={nameOf}
      detailPath={(iid) => `/admin/integrations/${iid}`}
      intro="Integrations of the whole organization: a company database, the AI gateway, shared Git credentials. A project receives one once its managers copy it into the project, as its own."
      emptyHint={{
        manage: 'Add the connections every project may use; a project’s managers then copy the ones they need, secrets included, without seeing them.',
        read: '',
      }}
    />
  );
}

/** One organization integration, under the Integrations tab of the administration. */
export function OrgIntegrationPage() {
  const nameOf = useUserNames();
  const { iid = '' } = useParams();
  return <IntegrationDetail scope={ORGANIZATION} iid={iid} canManage nameOf={nameOf} listPath="/admin/integrations" />;
}
