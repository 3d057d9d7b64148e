import { Cron } from 'croner';
import type { CronSchedule, CronSchedules } from '../../core/ports/cron-schedules.js';

/** Cron expressions read by croner; Sunday is 0 or 7, and names (`MON`, `JAN`) are accepted. */
export const CRONER_SCHEDULES: CronSchedules = {
  parse(expression: string, timeZone: string): CronSchedule | { problem: string } {
    const fields = expression.trim().split(/\s+/).length;
    if (fields !== 5 && fields !== 6) return { problem: `a cron expression has 5 fields (or 6 with seconds first), got ${fields}` };
    let cron: Cron;
    try {
      cron = new Cron(expression.trim(), { timezone: timeZone, paused: true });
      // An unknown time zone only shows when a date is computed.
      cron.nextRun(new Date());
    } catch (error) {
      return { problem: (error instanceof Error ? error.message : String(error)).replace(/^Cron\w*:\s*/, '') };
    }
    return { nextAfter: (after: Date) => cron.nextRun(after) };
  },
};
