/**
 * How the gateway's measurements are kept and charted over time (issue 24): minutes for a week, then
 * hours, then days after 90 days; and the granularity each of the Usage screen's ranges is drawn at.
 * Pure rules on UTC times, shared by the roll-up job and GET /usage/series.
 */

export type Granularity = 'minute' | 'hour' | 'day';

/** The Usage screen's ranges (openapi.yaml UsageRange, SPEC's dropdown). */
export type SeriesRange = '1d' | '1m' | '3m';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** Minutes are kept this long, then rolled up into hours. */
export const MINUTES_KEPT_MS = 7 * dayMs;
/** Hours are kept this long (from their start), then rolled up into days. Days are kept as long as the account. */
export const HOURS_KEPT_MS = 90 * dayMs;

const spanMs: Readonly<Record<Granularity, number>> = { minute: minuteMs, hour: hourMs, day: dayMs };

/** Points of a range: a day by the hour (24), a month or three by the day (about 30 or 90). */
export function seriesGranularity(range: SeriesRange): Granularity {
  return range === '1d' ? 'hour' : 'day';
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

/**
 * What the roll-up job folds at `now`: minutes whose hour has wholly passed MINUTES_KEPT_MS, into
 * hours; hours whose day has wholly passed HOURS_KEPT_MS, into days. The bounds are bucket starts,
 * so a bucket is folded whole, once.
 */
export function rollupBefore(now: Date): { readonly minutesBefore: Date; readonly hoursBefore: Date } {
  return {
    minutesBefore: bucketStart(new Date(now.getTime() - MINUTES_KEPT_MS), 'hour'),
    hoursBefore: bucketStart(new Date(now.getTime() - HOURS_KEPT_MS), 'day'),
  };
}
