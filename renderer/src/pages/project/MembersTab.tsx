import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { AddGroupModal } from './AddGroupModal';
import { AddMemberModal } from './AddMemberModal';
import { RoleTable, type RoleRow } from './RoleTable';
import { canManage, useProjectContext } from './project-context';

function Section({ title, id, action, children }: { title: string; id: string; action: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </section>
  );
}

/** The project's people and identity-provider groups with their roles; managers add, change and remove them. */
export function MembersTab() {
  const project = useProjectContext();
  const editable = canManage(project);
  const [addingMember, memberModal] = useDisclosure(false);
  const [addingGroup, groupModal] = useDisclosure(false);

  const people: RoleRow[] = project.members.map((member) => {
    const key = member.user_id ?? member.email ?? '';
    const owner = member.user_id === project.owner;
    return {
      key,
      label: member.email ?? member.user_id ?? '—',
      detail: owner ? 'Owner' : member.user_id ? undefined : 'Invited: has not signed in yet',
      role: member.role,
      locked: owner ? 'The owner is always the admin' : undefined,
    };
  });
  const groups: RoleRow[] = project.group_members.map((group) => ({ key: group.group, label: group.group, role: group.role }));

  return (
    <Stack gap="xl">
      {!editable && (
        <Text size="sm" c="dimmed">
          Only the project&apos;s managers and its admin can change who is a member.
        </Text>
      )}
      <Section title="People" id="members-people" action={editable && <Button onClick={memberModal.open}>Add member</Button>}>
        {people.length === 0 ? (
          <EmptyState title="No members" />
        ) : (
          <RoleTable pid={project.id} holder="member" caption="People" rows={people} editable={editable} />
        )}
      </Section>
      <Section
        title="Groups"
        id="members-groups"
        action={
          editable && (
            <Button variant="default" onClick={groupModal.open}>
              Add group
            </Button>
          )
        }
      >
        {groups.length === 0 ? (
          <EmptyState title="No groups">Give an identity-provider group a role to let everyone in it into this project.</EmptyState>
        ) : (
          <RoleTable pid={project.id} holder="group" caption="Groups" rows={groups} editable={editable} />
        )}
      </Section>
      <AddMemberModal projectId={project.id} opened={addingMember} onClose={memberModal.close} />
      <AddGroupModal projectId={project.id} opened={addingGroup} onClose={groupModal.close} />
    </Stack>
  );
}
