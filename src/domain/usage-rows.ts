/** What a row of the usage report counts (openapi.yaml UsageCounts). */
interface CountedRow {
  requests: number;
  credits: number;
}

/**
 * The rows the usage breakdown lists: those with calls a node answered (or credits spent). The
 * report also counts methods whose calls were all rate-limited or refused; they cost nothing, and a
 * row of '0 requests, 0 credits' would only hide 'No usage data found.'. Those calls are the
 * figures of RPC Metrics.
 */
export function spentRows<Row extends CountedRow>(rows: readonly Row[]): Row[] {
  return rows.filter((row) => row.requests > 0 || row.credits > 0);
}
