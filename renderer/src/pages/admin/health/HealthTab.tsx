import { Stack, Text } from '@mantine/core';
import { DeepHealthSection } from './DeepHealthSection';
import { MaintenanceSection } from './MaintenanceSection';

/** The maintenance loops of the process that answered, and the hub's preflight checks. */
export function HealthTab() {
  return (
    <Stack gap="xl">
      <MaintenanceSection />
      <DeepHealthSection />
      <Text size="xs" c="dimmed">
        The health routes report state and counts only; a failing loop&apos;s error message is in the hub&apos;s log (event &lt;loop&gt;_failed).
      </Text>
    </Stack>
  );
}
