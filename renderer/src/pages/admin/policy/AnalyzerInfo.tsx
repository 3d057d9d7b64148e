import { Accordion, Badge, Group, Table, Text } from '@mantine/core';
import type { PolicyAnalyzerMetadata } from '../../../api/admin-types';
import { STILL } from './still-accordion';

const CAPABILITIES: Record<keyof PolicyAnalyzerMetadata['capabilities'], string> = {
  login_policy: 'login rules',
  resource_security: 'security labels',
  live_self_context: 'your own security context (live-self)',
};

/** What the analyzer can evaluate here, and the reference a suite author needs: actions, entitlements, classifications. */
export function AnalyzerInfo({ metadata }: { metadata: PolicyAnalyzerMetadata }) {
  return (
    <div>
      <Group gap="xs" mb="xs">
        <Text size="sm">Evaluates:</Text>
        {Object.entries(CAPABILITIES).map(([key, label]) => {
          const on = metadata.capabilities[key as keyof typeof CAPABILITIES];
          return (
            <Badge key={key} variant="dot" color={on ? 'green' : 'gray'} tt="none">
              {label}
              {on ? '' : ': not configured'}
            </Badge>
          );
        })}
        <Text size="sm" c="dimmed">
          Up to {metadata.max_cases} cases per suite, schema version {metadata.schema_version}.
        </Text>
      </Group>
      <Accordion variant="contained" {...STILL}>
        <Accordion.Item value="reference">
          <Accordion.Control>Reference: actions, entitlements and classifications</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" mb="xs">
              Entitlements: {metadata.entitlements.join(', ')}. Classifications, lowest first: {metadata.classification_order.join(', ') || 'none configured'}.
            </Text>
            <Table.ScrollContainer minWidth={640}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Scope</Table.Th>
                    <Table.Th>Minimum role</Table.Th>
                    <Table.Th>Denied as</Table.Th>
                    <Table.Th>Super admin only</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {metadata.actions.map((action) => (
                    <Table.Tr key={action.action}>
                      <Table.Td ff="monospace">{action.action}</Table.Td>
                      <Table.Td>{action.scope}</Table.Td>
                      <Table.Td>{action.minimum_role ?? '—'}</Table.Td>
                      <Table.Td>{action.denied_as ?? '—'}</Table.Td>
                      <Table.Td>{action.requires_super_admin ? 'yes' : 'no'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </div>
  );
}
