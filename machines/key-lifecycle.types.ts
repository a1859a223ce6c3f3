/** The data and events of a key's roll and expiry dialogs (machines/key-lifecycle.ts). */
import type { RollGrace } from '@/domain/key-lifecycle';

export interface KeyLifecycleInput {
  id: string;
  name: string;
  /** The last day the key works (YYYY-MM-DD, UTC), or '' when it never expires. */
  lastDay: string;
}

export interface KeyLifecycleContext extends KeyLifecycleInput {
  /** The grace chosen in the roll dialog. */
  grace: RollGrace;
  /** The day typed in the expiry dialog. */
  day: string;
  /** Why the last roll or expiry change failed; shown in its dialog until the next attempt. */
  error: string | null;
}

export type KeyLifecycleEvent =
  | { type: 'roll.open' }
  | { type: 'roll.grace'; grace: RollGrace }
  | { type: 'roll.confirm' }
  | { type: 'roll.cancel' }
  | { type: 'expiry.open' }
  | { type: 'expiry.day'; value: string }
  | { type: 'expiry.save' }
  | { type: 'expiry.clear' }
  | { type: 'expiry.cancel' };

/** What the setKeyExpiry actor sends: the moment the key stops, or null for never. */
export interface ExpiryChange {
  id: string;
  expiresAt: string | null;
}
