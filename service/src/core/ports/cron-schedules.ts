/** A parsed cron schedule in a time zone. */
export interface CronSchedule {
  /** The first due time strictly after `after`, or null when the schedule has none left. */
  nextAfter(after: Date): Date | null;
}

/**
 * Reads cron expressions (docs/jobs.md, "Schedules"): five fields (minute, hour, day of month,
 * month, day of week) or six with a leading seconds field, evaluated in an IANA time zone.
 */
export interface CronSchedules {
  /** The schedule, or a sentence saying what is wrong with the expression or the time zone. */
  parse(expression: string, timeZone: string): CronSchedule | { problem: string };
}
