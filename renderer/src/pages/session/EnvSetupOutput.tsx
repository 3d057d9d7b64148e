import { Code, Stack, Text } from '@mantine/core';

/** A failed dependency install: the hub's message ends with the installer's last lines of output. */
export function EnvSetupOutput({ message }: { message: string }) {
  return (
    <Stack gap="xs">
      <Text>
        The notebook&apos;s Python dependencies could not be installed. Check the packages and versions in the notebook&apos;s script header (its{' '}
        <Code># /// script</Code> block), save, and start again.
      </Text>
      <Code block mah={320} style={{ overflow: 'auto', whiteSpace: 'pre-wrap' }} aria-label="Installer output">
        {message}
      </Code>
    </Stack>
  );
}
