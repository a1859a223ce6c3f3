import type { KeyCapPeriod } from '@/domain/key-rules';
import type { AccessLists } from '@server/gateway/access-rules';
import type { LoggedCall } from '@server/metering/request-log';
import type { UsageMinute } from '@server/repos/usage';

/**
 * Messages between the main process (database, API, the authority on tokens and credits) and its
 * HTTP workers (server/cluster). Plain JSON: dates travel as epoch ms.
 */

/** A key as the main process sends it to a worker; its access lists travel as lists and are compiled there. */
export interface KeyOnChannel {
  readonly keyId: number;
  readonly userId: number;
  readonly rate: number | null;
  /** The plan's credits a month; null = unlimited (no lease needed, charges are reported). */
  readonly creditLimit: number | null;
  /** Whether the key has a spend cap (its rules): its credits are leased then, whatever the plan. */
  readonly capped: boolean;
  readonly lists: AccessLists;
  /** The owner's plan (its WebSocket limits). */
  readonly planId: number;
  /** Whether the key's calls go to the request log. */
  readonly logRequests: boolean;
  /** Epoch ms (server/gateway/key-cache.ts keyEnded). */
  readonly expiresAt: number | null;
  readonly graceUntil: number | null;
}

/** Tokens and credits for one call (`tokens`, `credits`) and, when there are some, a spare for the next ones. */
export interface LeaseRequest {
  readonly apiKey: string;
  readonly userId: number;
  readonly rate: number | null;
  readonly tokens: number;
  readonly spareTokens: number;
  readonly credits: number;
  readonly spareCredits: number;
  /** Credits that are no call (a subscription's notifications): the quota only, the bucket untouched. */
  readonly quotaOnly: boolean;
}

export type LeaseAnswer =
  | {
      readonly kind: 'granted';
      readonly tokens: number;
      readonly credits: number /** Left in the bucket; null without a rate. */;
      readonly remaining: number | null;
    }
  | { readonly kind: 'quota'; readonly used: number; readonly limit: number; readonly cycleEndMs: number }
  /** The key's own spend cap for `period` refused it until periodEndMs. */
  | { readonly kind: 'keyCap'; readonly period: KeyCapPeriod; readonly used: number; readonly limit: number; readonly periodEndMs: number }
  /** retryAfterMs: for the tokens asked (Infinity → null: never); nextTokenMs: until one token is back. */
  | { readonly kind: 'rate'; readonly retryAfterMs: number | null; readonly nextTokenMs: number }
  /** The key is gone (deleted since the worker loaded it). */
  | { readonly kind: 'unknownKey' };

/** What a worker hands back on every report: per user, credits spent, and what its leases did not use. */
/** What a worker reports of one key's pool. */
export interface Settlement {
  readonly apiKey: string;
  readonly keyId: number;
  readonly userId: number;
  readonly rate: number | null;
  /** Credits of answered calls: taken from leases (limited plans) or counted as they come (unlimited). */
  readonly charged: number;
  readonly unusedCredits: number;
  readonly unusedTokens: number;
}

export type WorkerMessage =
  | { readonly type: 'key'; readonly id: number; readonly apiKey: string }
  | { readonly type: 'lease'; readonly id: number; readonly request: LeaseRequest }
  /** Counts, settlements and the request log's calls (server/metering/request-log.ts) since the last report. */
  | {
      readonly type: 'report';
      readonly minutes: readonly UsageMinute[];
      readonly settlements: readonly Settlement[];
      readonly calls: readonly LoggedCall[];
    }
  /** A slot for one more WebSocket connection of the user (server/gateway/ws/connection-slots.ts), and its release. */
  | { readonly type: 'slot'; readonly id: number; readonly userId: number; readonly limit: number }
  | { readonly type: 'unslot'; readonly slot: string }
  /** Which of the worker's slots of the user are beyond `limit` (ConnectionSlots.beyond). */
  | { readonly type: 'beyond'; readonly id: number; readonly userId: number; readonly limit: number }
  /** The worker has stopped serving and sent its last report. */
  | { readonly type: 'stopped' };

export type PrimaryMessage =
  | { readonly type: 'key'; readonly id: number; readonly key: KeyOnChannel | null }
  | { readonly type: 'lease'; readonly id: number; readonly answer: LeaseAnswer }
  /** The slot taken; null: the user's connections are at the plan's limit. */
  | { readonly type: 'slot'; readonly id: number; readonly slot: string | null }
  /** The worker's slots beyond the limit asked about, to close. */
  | { readonly type: 'beyond'; readonly id: number; readonly slots: readonly string[] }
  /** Users whose connections grew behind the workers' backs (ConnectionSlots.onRecount): checked against their limits again. */
  | { readonly type: 'recount'; readonly userIds: readonly number[] }
  /** A key load or a lease failed here (e.g. the database is down): the call fails as it would in one process. */
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
  | { readonly type: 'invalidate'; readonly apiKey: string | null; readonly userId: number | null }
  /** Shutdown is coming (SHUTDOWN_DELAY_SECONDS): every connection closes after its next answer (server/http/connection-drain.ts). */
  | { readonly type: 'drain' }
  | { readonly type: 'stop' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Messages come from our own processes; the check keeps a stray one (another IPC user) from being taken for ours. */
export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return (
    isObject(value) &&
    (value.type === 'key' ||
      value.type === 'lease' ||
      value.type === 'report' ||
      value.type === 'slot' ||
      value.type === 'unslot' ||
      value.type === 'beyond' ||
      value.type === 'stopped')
  );
}

export function isPrimaryMessage(value: unknown): value is PrimaryMessage {
  return (
    isObject(value) &&
    (value.type === 'key' ||
      value.type === 'lease' ||
      value.type === 'slot' ||
      value.type === 'beyond' ||
      value.type === 'recount' ||
      value.type === 'failed' ||
      value.type === 'invalidate' ||
      value.type === 'drain' ||
      value.type === 'stop')
  );
}
