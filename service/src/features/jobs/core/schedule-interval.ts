import type { CronSchedule } from '../../../core/ports/cron-schedules.js';

/** How many of a schedule's due times are looked at: enough for any pattern of minutes, hours and days to show. */
const DUE_TIMES_LOOKED_AT = 1500;
/** And no further ahead than this: a schedule that fires a few times a year is looked at over several years. */
const HORIZON_MS = 5 * 366 * 24 * 3600_000;

/**
 * The shortest time between two due times of `schedule` from `from` on, when it is under
 * `minimumMs`; null when none is (docs/jobs.md, "Schedules"). Cron fields repeat by the minute,
 * hour, day and month, so the due times of the next weeks (or years, for a schedule that fires
 * rarely) show every gap the schedule has.
 */
export function gapUnder(schedule: CronSchedule, from: Date, minimumMs: number): number | null {
  let previous = schedule.nextAfter(from);
  const until = from.getTime() + HORIZON_MS;
  for (let looked = 0; previous !== null && looked < DUE_TIMES_LOOKED_AT && previous.getTime() <= until; looked++) {
    const next = schedule.nextAfter(previous);
    if (next === null) return null;
    const gap = next.getTime() - previous.getTime();
    if (gap < minimumMs) return gap;
    previous = next;
  }
  return null;
}

/** A duration as people say it: `1 s`, `90 s`, `5 min`, `2 h`. */
export function spoken(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120 || seconds % 60 !== 0) return `${seconds} s`;
  const minutes = seconds / 60;
  return minutes < 120 || minutes % 60 !== 0 ? `${minutes} min` : `${minutes / 60} h`;
}
