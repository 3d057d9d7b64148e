import { Code, Stack, Text } from '@mantine/core';
import { LogView } from '../../components/LogView';

/** A failed dependency install: the hub's message ends with the installer's last lines of output. */
export function EnvSetupOutput({ message }: { message: string }) {
  return (
    <Stack gap="xs">
      <Text>
        The notebook&apos;s Python dependencies could not be installed. Check the packages and versions in the notebook&apos;s script header (its{' '}
        <Code># /// script</Code> block), save, and start again.
      </Text>
      <LogView label="Installer output" text={message} maxHeight={320} />
    </Stack>
  );
}
