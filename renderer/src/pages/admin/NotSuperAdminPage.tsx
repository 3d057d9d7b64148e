import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { StatusPage } from '../../components/StatusPage';

/** What a signed-in user who is not a super admin sees at any /admin URL. */
export function NotSuperAdminPage() {
  return (
    <StatusPage
      title="Only super admins can open the administration pages"
      actions={
        <Button component={Link} to="/">
          Back to projects
        </Button>
      }
    >
      <Text>
        Your account is not a super admin of this hub. Super admins are named in the deployment&apos;s configuration; ask your operator if you need access to
        users, configuration or the audit log.
      </Text>
    </StatusPage>
  );
}
