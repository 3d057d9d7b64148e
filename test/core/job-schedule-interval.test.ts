import { describe, expect, it } from 'vitest';
import { CRONER_SCHEDULES } from '../../service/src/adapters/schedule/croner-schedules.js';
import { gapUnder, spoken } from '../../service/src/features/jobs/core/schedule-interval.js';

const FIVE_MINUTES = 5 * 60_000;
const from = new Date('2026-11-27T10:03:00Z');

function gapOf(cron: string, timeZone = 'UTC'): number | null {
  const schedule = CRONER_SCHEDULES.parse(cron, timeZone);
  if ('problem' in schedule) throw new Error(schedule.problem);
  return gapUnder(schedule, from, FIVE_MINUTES);
}

describe('the shortest gap of a cron schedule (real croner)', () => {
  it('finds gaps under the minimum, however the schedule hides them', () => {
    expect(gapOf('* * * * * *')).toBe(1000);
    expect(gapOf('*/4 * * * *')).toBe(4 * 60_000);
    // Two minutes apart once a day, at midnight.
    expect(gapOf('0,2 0 * * *')).toBe(2 * 60_000);
    // Across a day's end: 23:59 and 00:00.
    expect(gapOf('0,59 0,23 * * *')).toBe(60_000);
    // Across a month's end, once a month: the 31st at 23:58 and the 1st at 00:00.
    expect(gapOf('0,58 0,23 1,31 * *')).toBe(2 * 60_000);
    // Only on the first of January, twice in a minute.
    expect(gapOf('0,30 0 0 1 1 *')).toBe(30_000);
  });

  it('lets schedules through whose due times are never closer than the minimum', () => {
    for (const cron of ['*/5 * * * *', '0 7 * * *', '30 6 * * 1', '0 0 29 2 *', '0 */6 * * *', '15,45 * * * *']) expect(gapOf(cron), cron).toBeNull();
    // Daylight saving moves hours, not minutes apart.
    expect(gapOf('0,30 * * * *', 'Europe/Berlin')).toBeNull();
  });

  it('says durations as people do', () => {
    expect([1000, 90_000, 120_000, FIVE_MINUTES, 7200_000, 5400_000].map(spoken)).toEqual(['1 s', '90 s', '2 min', '5 min', '2 h', '90 min']);
  });
});
