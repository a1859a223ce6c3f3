/** SPEC.md §3 "Webhook stats" and §9: the demonstration shows 0 of 1 webhooks used. */
export const WEBHOOK_STATS_DEMO = { webhooksUsed: 0, webhooksLimit: 1 } as const;

/** SPEC.md §9: how long a change takes to reach the provider's listeners, and how soon a webhook must answer. */
export const WEBHOOK_PROPAGATION_MINUTES = 2;
export const WEBHOOK_ACK_SECONDS = 10;

/** '0/1': webhooks used over the plan's limit. */
export function webhookUsageText(used: number, limit: number): string {
  return `${used}/${limit}`;
}

/** The calendar day of an instant as SPEC.md writes cycle dates (2025-02-07), in UTC like the server's cycles. */
export function cycleDay(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : date.toISOString().slice(0, 10);
}

/** The billing cycle as one range: '2025-02-07 to 2025-03-07'. */
export function cycleRangeText(start: string, end: string): string {
  return `${cycleDay(start)} to ${cycleDay(end)}`;
}
