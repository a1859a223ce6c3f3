/**
 * How the gateway's measurements are kept and charted over time. Every metering batch
 * counts each call in its minute, its hour and its day (three tables that always agree); minutes
 * are kept a week, hours 90 days, days as long as the account. A range is read from one table: the
 * finest kept for its whole length, or the one it is drawn at. Pure rules on UTC times, shared by
 * the retention job, GET /usage and GET /usage/series.
 */

export type Granularity = 'minute' | 'hour' | 'day';

/** The Usage screen's ranges (openapi.yaml UsageRange, SPEC's dropdown). */
export type SeriesRange = '1d' | '1m' | '3m';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** Minutes are kept this long (from their start); their hours and days stay. */
export const MINUTES_KEPT_MS = 7 * dayMs;
/** Hours are kept this long (from their start); their days stay as long as the account. */
export const HOURS_KEPT_MS = 90 * dayMs;

const spanMs: Readonly<Record<Granularity, number>> = { minute: minuteMs, hour: hourMs, day: dayMs };

/** A chart's granularity: minutes are only kept, never drawn. */
export type SeriesGranularity = Exclude<Granularity, 'minute'>;

/** Points of a range: a day by the hour (24), a month or three by the day (about 30 or 90). */
export function seriesGranularity(range: SeriesRange): SeriesGranularity {
  return range === '1d' ? 'hour' : 'day';
}

/**
 * The table GET /usage sums a range from: the finest that still holds all of it (a day by the
 * minute, a month by the hour, three months, up to 92 days, by the day).
 */
export function reportGranularity(range: SeriesRange): Granularity {
  if (range === '1d') return 'minute';
  return range === '1m' ? 'hour' : 'day';
}

/** The finest granularity still kept for a moment `ageMs` ago. */
export function keptGranularity(ageMs: number): Granularity {
  if (ageMs < MINUTES_KEPT_MS) return 'minute';
  if (ageMs < HOURS_KEPT_MS) return 'hour';
  return 'day';
}

/** The start (UTC) of the `granularity` bucket that holds `time`. */
export function bucketStart(time: Date, granularity: Granularity): Date {
  const span = spanMs[granularity];
  return new Date(Math.floor(time.getTime() / span) * span);
}

/** Every bucket start from `from`'s bucket to `to`'s, inclusive: a chart's x axis, with no gap where nothing was called. */
export function bucketStarts(from: Date, to: Date, granularity: Granularity): Date[] {
  const span = spanMs[granularity];
  const starts: Date[] = [];
  for (let time = bucketStart(from, granularity).getTime(); time <= to.getTime(); time += span) starts.push(new Date(time));
  return starts;
}

/** What the retention job deletes at `now`: minutes and hours that started before these. */
export function expiredBefore(now: Date): { readonly minutes: Date; readonly hours: Date } {
  return { minutes: new Date(now.getTime() - MINUTES_KEPT_MS), hours: new Date(now.getTime() - HOURS_KEPT_MS) };
}
