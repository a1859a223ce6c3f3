import type { CallPlan } from '@server/gateway/fleet/call-plan';
import { readQuantity, resultOf } from '@server/gateway/fleet/fleet-node';
import type { UpstreamAnswer } from '@server/gateway/upstream';

// What the fleet reads from, and writes into, the bytes of a call and of a node's answer.

/** A call's params written again (the fleet's head for `latest`), other fields as they came. */
export function rewritten(body: Buffer, plans: readonly CallPlan[], batch: boolean): Buffer {
  if (plans.every((plan) => plan.params === null)) return body;
  const value: unknown = JSON.parse(body.toString('utf8'));
  const entries: unknown[] = batch && Array.isArray(value) ? value : [value];
  plans.forEach((plan, index) => {
    const entry = entries[index];
    if (plan.params !== null && typeof entry === 'object' && entry !== null) Object.assign(entry, { params: plan.params });
  });
  return Buffer.from(JSON.stringify(value));
}

/** A result worth keeping from a node's answer, and the block it names; null when there is none (an error, null, a stream). */
export function keptResult(answer: UpstreamAnswer): { result: string; block: number | null } | null {
  const result = resultOf(answer);
  if (result === null || result === undefined) return null;
  let block: number | null = null;
  if (typeof result === 'object' && !Array.isArray(result)) {
    block = readQuantity('blockNumber' in result ? result.blockNumber : 'number' in result ? result.number : undefined);
    // A transaction not mined yet names no block: it changes once it is.
    if (block === null && 'blockHash' in result && result.blockHash === null) return null;
  }
  return { result: JSON.stringify(result), block };
}

/** Whether a node refused a transaction only because it already has it. */
export function alreadyKnown(answer: UpstreamAnswer): boolean {
  return Buffer.isBuffer(answer.body) && /already known|already imported|known transaction/i.test(answer.body.toString('utf8'));
}

/** The codes of the JSON-RPC errors in a node's answer (a batch's, each entry's), in order; none when it holds none or is not JSON. */
export function errorCodes(body: Buffer): number[] {
  if (!body.includes('"error"')) return [];
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return [];
  }
  const codes: number[] = [];
  for (const entry of Array.isArray(value) ? value : [value]) {
    const error: unknown = typeof entry === 'object' && entry !== null && 'error' in entry ? entry.error : undefined;
    const code: unknown = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    if (typeof code === 'number' && Number.isInteger(code)) codes.push(code);
  }
  return codes;
}

export function succeeded(answer: UpstreamAnswer): boolean {
  if (answer.status < 200 || answer.status >= 300) return false;
  return !Buffer.isBuffer(answer.body) || !answer.body.includes('"error"');
}

export function release(answer: UpstreamAnswer): void {
  if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
}
