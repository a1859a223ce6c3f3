import type { FastifyBaseLogger } from 'fastify';
import { cycleDate } from '@/domain/cycle-date';
import { maskKey } from '@/domain/key-display';
import { formatUtcMoment } from '@/domain/key-lifecycle';
import { bucketStart } from '@/domain/usage-series';
import {
  creditThresholdsReached,
  ERROR_ALERT_MIN_CALLS,
  ERROR_ALERT_MINUTES,
  ERROR_ALERT_RATE,
  errorRateExceeded,
} from '@/domain/usage-alerts';
import type { Clock } from '@server/clock';
import { repeatOnce, runOnce } from '@server/db/advisory-locks';
import type { Db } from '@server/db/db';
import type { Mailer } from '@server/mail/mailer';
import { creditsInCycle, cycleAt, dayAt } from '@server/metering/cycle';
import {
  claimPendingAlerts,
  creditAlertCandidates,
  KEY_CAP_ALERTS,
  keyCapCandidates,
  keysFailingCandidates,
  type NewAlert,
  recordAlerts,
  recordedThresholds,
  settleAlert,
} from '@server/repos/usage-alerts';
import { paths } from '@/domain/paths';

/** How often the alerts are decided and sent. */
export const USAGE_ALERTS_INTERVAL_MS = 60_000;

/**
 * Alert mails per account in any 24 hours. Real use stays well under it (two credit alerts a cycle
 * with the defaults, one an hour per failing key, so a bad hour of a few keys fits), while one account
 * can never make our SMTP server send more than this a day; past it, alerts are recorded 'capped',
 * never sent (the usage screen still shows everything).
 */
export const ALERT_MAILS_PER_DAY = 10;

export interface AlertJobSettings {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly mailer: Mailer;
  /** Where the dashboard is, for the mails' links. */
  readonly publicUrl: string;
  readonly productName: string;
}

const percent = new Intl.NumberFormat('en-US');

/**
 * The credit alerts each user's usage now owes: the enabled thresholds their cycle has reached and
 * that are not recorded for it yet. When several are reached at once, only the highest is mailed;
 * the others are recorded as covered.
 */
async function decideCreditAlerts(settings: AlertJobSettings, now: Date): Promise<NewAlert[]> {
  const alerts: NewAlert[] = [];
  for (const user of await creditAlertCandidates(settings.db)) {
    const cycle = cycleAt(user.anchor, now);
    const used = creditsInCycle(user, cycle);
    const reached = creditThresholdsReached(used, user.creditLimit, user.thresholds);
    if (reached.length === 0) continue;
    const recorded = await recordedThresholds(settings.db, user.userId, cycle.start);
    const fresh = reached.filter((threshold) => !recorded.includes(threshold));
    const highest = fresh.at(-1);
    for (const threshold of fresh) {
      alerts.push({
        userId: user.userId,
        kind: 'credits',
        subject: threshold,
        period: cycle.start,
        mailSubject: `You have used ${threshold}% of your ${settings.productName} credits`,
        mailText: [
          `Your account has used ${percent.format(used)} of its ${percent.format(user.creditLimit ?? 0)} credits (${threshold}%) in the cycle that ends on ${cycleDate(cycle.end)}.`,
          threshold >= 100
            ? 'Calls are refused until the cycle ends, or until you move to a larger plan.'
            : 'Once they are used up, calls are refused until the cycle ends.',
          `Your usage: ${settings.publicUrl}${paths.usage}`,
          `Plans: ${settings.publicUrl}${paths.billing}`,
          `Change these alerts: ${settings.publicUrl}${paths.settings}`,
        ].join('\n\n'),
        state: threshold === highest ? 'pending' : 'covered',
      });
    }
  }
  return alerts;
}

/** Keys whose calls failed at the alert rate in each of the last minutes: one alert an hour per key at most. */
async function decideErrorAlerts(settings: AlertJobSettings, now: Date): Promise<NewAlert[]> {
  // The minutes that have ended (the current one is still counting).
  const to = bucketStart(now, 'minute');
  const from = new Date(to.getTime() - ERROR_ALERT_MINUTES * 60_000);
  const alerts: NewAlert[] = [];
  for (const key of await keysFailingCandidates(settings.db, from, to, ERROR_ALERT_MINUTES)) {
    if (!errorRateExceeded(key.minutes)) continue;
    const calls = key.minutes.reduce((sum, minute) => sum + minute.calls, 0);
    const failed = key.minutes.reduce((sum, minute) => sum + minute.failed, 0);
    alerts.push({
      userId: key.userId,
      kind: 'errors',
      subject: key.keyId,
      period: bucketStart(now, 'hour'),
      // The key's name is the user's own text: neither the subject nor the body carries it.
      mailSubject: `Calls of one of your ${settings.productName} API keys are failing`,
      mailText: [
        `In each of the last ${ERROR_ALERT_MINUTES} minutes, at least ${ERROR_ALERT_RATE * 100}% of the calls of your API key ${maskKey(key.apiKey)} were refused or failed at the node (${percent.format(failed)} of ${percent.format(calls)}; minutes with fewer than ${ERROR_ALERT_MIN_CALLS} calls do not count).`,
        `Your keys: ${settings.publicUrl}${paths.keys}`,
        `What fails, by outcome and method: ${settings.publicUrl}${paths.usage}`,
        `Change these alerts: ${settings.publicUrl}${paths.settings}`,
      ].join('\n\n'),
      state: 'pending',
    });
  }
  return alerts;
}

/**
 * Keys whose spend reached one of their caps in the current period: one alert per key, cap and
 * period, whatever the owner's alert settings (a cap refuses calls: the owner must hear of it).
 */
async function decideKeyCapAlerts(settings: AlertJobSettings, now: Date): Promise<NewAlert[]> {
  const alerts: NewAlert[] = [];
  for (const key of await keyCapCandidates(settings.db)) {
    const current = key.period === 'day' ? dayAt(now) : cycleAt(key.anchor, now);
    if (key.periodStart.getTime() !== current.start.getTime()) continue;
    const per = key.period === 'day' ? 'day (UTC)' : 'billing cycle';
    alerts.push({
      userId: key.userId,
      kind: KEY_CAP_ALERTS[key.period],
      subject: key.keyId,
      period: current.start,
      // The key's name is the user's own text: neither the subject nor the body carries it.
      mailSubject: `One of your ${settings.productName} API keys reached its spend cap`,
      mailText: [
        `Your API key ${maskKey(key.apiKey)} has spent ${percent.format(key.creditsUsed)} credits this ${per}: its cap is ${percent.format(key.cap)}.`,
        `Its calls are refused until ${formatUtcMoment(current.end.toISOString())}, when the ${key.period === 'day' ? 'day' : 'cycle'} ends, unless you raise or remove the cap in the key's rules. Your other keys are not affected.`,
        `Your keys: ${settings.publicUrl}${paths.keys}`,
        `Its usage: ${settings.publicUrl}${paths.usage}`,
      ].join('\n\n'),
      state: 'pending',
    });
  }
  return alerts;
}

/**
 * Sends the pending alerts. Each is claimed first ('sending'): whatever happens next, it is never
 * sent twice; at most ALERT_MAILS_PER_DAY per account are claimed in 24 hours.
 */
async function sendPending(settings: AlertJobSettings): Promise<number> {
  let sent = 0;
  for (const alert of await claimPendingAlerts(settings.db, settings.clock.now(), ALERT_MAILS_PER_DAY)) {
    try {
      await settings.mailer.send({ to: alert.to, subject: alert.subject, text: alert.text });
      await settleAlert(settings.db, alert.id, true, settings.clock.now());
      sent += 1;
    } catch (error) {
      settings.log.warn({ err: error, alert: alert.id }, 'a usage alert could not be sent; it is tried again at the next run');
      await settleAlert(settings.db, alert.id, false, settings.clock.now());
    }
  }
  return sent;
}

async function alertOnce(settings: AlertJobSettings): Promise<void> {
  const now = settings.clock.now();
  const alerts = [
    ...(await decideCreditAlerts(settings, now)),
    ...(await decideErrorAlerts(settings, now)),
    ...(await decideKeyCapAlerts(settings, now)),
  ];
  await recordAlerts(settings.db, alerts, now);
  const sent = await sendPending(settings);
  if (sent > 0) settings.log.info({ sent }, 'usage alerts sent');
}

/**
 * One run of the usage alerts job: decide what the usage owes (recorded, each alert once: the
 * unique row decides), then send what is pending. One replica at a time (runOnce). False when
 * another replica was running it.
 */
export function runUsageAlerts(settings: AlertJobSettings): Promise<boolean> {
  return runOnce(settings.db, 'usageAlerts', () => alertOnce(settings));
}

/** Runs the alerts job every minute on every replica, one at a time. Returns what stops it. */
export function startUsageAlerts(settings: AlertJobSettings & { intervalMs?: number }): () => void {
  return repeatOnce(settings.db, {
    name: 'usageAlerts',
    intervalMs: settings.intervalMs ?? USAGE_ALERTS_INTERVAL_MS,
    immediately: false,
    job: () => alertOnce(settings),
    onError: (error) => settings.log.error({ err: error }, 'the usage alerts job failed'),
  });
}
