import { Text } from '@mantine/core';
import type { Job } from '../../../api/jobs';
import { scheduleText } from './job-format';

/** "0 7 * * * · Europe/Berlin": the cron expression and its zone each kept on one line, so a narrow column breaks between them. */
export function ScheduleText({ schedule }: { schedule: Job['schedule'] }) {
  if (!schedule)
    return (
      <Text span size="sm" c="dimmed">
        {scheduleText(null)}
      </Text>
    );
  return (
    <Text span size="sm" ff="monospace">
      <span style={{ whiteSpace: 'nowrap' }}>{schedule.cron} ·</span> <span style={{ whiteSpace: 'nowrap' }}>{schedule.time_zone}</span>
    </Text>
  );
}
