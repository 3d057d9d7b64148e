import { Code, Stack, Text } from '@mantine/core';
import { LogView } from '../../components/LogView';

/** How the hub says a start was refused because it builds offline and lacks wheels the lock needs (docs/environments.md, "Offline"). */
const MISSING_WHEELS = /builds environments offline, from the wheels on this machine/;

/**
 * A failed dependency install: the hub's message ends with the installer's last lines of output.
 * Offline, a start whose lock needs wheels the machine does not have is refused before it starts,
 * and the message names them: what to do is then to add those wheels, not to change the notebook.
 */
export function EnvSetupOutput({ message }: { message: string }) {
  if (MISSING_WHEELS.test(message)) {
    return (
      <Stack gap="xs">
        <Text>
          The notebook&apos;s environment cannot be built on this machine: it is built without a package index, from the wheels here, and some that the
          notebook&apos;s lock needs are missing. Nothing was started.
        </Text>
        <LogView label="Missing wheels" text={message} maxHeight={320} />
      </Stack>
    );
  }
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
