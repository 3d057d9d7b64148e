import { Accordion, Badge, Group, Text } from '@mantine/core';
import type { PolicyAnalyzerMetadata } from '../../../api/admin-types';
import { DataTable } from '../../../components/DataTable';
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
            <DataTable
              columns={[
                { header: 'Action', mono: true, cell: (action) => action.action },
                { header: 'Scope', cell: (action) => action.scope },
                { header: 'Minimum role', cell: (action) => action.minimum_role ?? '—' },
                { header: 'Denied as', cell: (action) => action.denied_as ?? '—' },
                { header: 'Super admin only', cell: (action) => (action.requires_super_admin ? 'yes' : 'no') },
              ]}
              rows={metadata.actions}
              rowKey={(action) => action.action}
              minWidth={640}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </div>
  );
}
