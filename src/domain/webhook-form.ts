import { DEFAULT_NETWORK, type Network } from './networks';

/** SPEC.md §3 "Webhook form": the kinds of webhook, in the order the form offers them. */
export const WEBHOOK_TYPES = ['enhanced', 'raw', 'discord'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export const WEBHOOK_TYPE_LABELS: Readonly<Record<WebhookType, string>> = {
  enhanced: 'Enhanced',
  raw: 'Raw',
  discord: 'Discord',
};

/** SPEC.md §3: the transaction types of the multi-select; 'any' stands for all of them. */
export const TXN_TYPES = ['any', 'transfer', 'swap', 'mint', 'burn'] as const;
export type TxnType = (typeof TXN_TYPES)[number];

export const TXN_TYPE_LABELS: Readonly<Record<TxnType, string>> = {
  any: 'Any',
  transfer: 'Transfer',
  swap: 'Swap',
  mint: 'Mint',
  burn: 'Burn',
};

/** A new webhook listens to every transaction type. */
export const ANY_TXN_TYPE: readonly TxnType[] = ['any'];

/**
 * SPEC.md §4 "Multi-select of transaction types": ticking or unticking one type.
 * - ticking 'any' clears the others;
 * - ticking another type removes 'any';
 * - unticking the last type leaves nothing chosen, which means the same as 'any': the selection
 *   goes back to 'any' (so 'any' itself cannot be unticked while it is alone).
 * The result keeps the order of TXN_TYPES, whatever order the types were ticked in.
 */
export function toggleTxnType(selected: readonly TxnType[], type: TxnType): TxnType[] {
  if (type === 'any') return ['any'];
  const specific = selected.filter((chosen) => chosen !== 'any');
  const next = specific.includes(type) ? specific.filter((chosen) => chosen !== type) : [...specific, type];
  return next.length === 0 ? ['any'] : TXN_TYPES.filter((known) => next.some((chosen) => chosen === known));
}

/** Whether a selection means every transaction type (it is 'any', or empty as an API might send it). */
export function isAnyTxnType(selected: readonly TxnType[]): boolean {
  return selected.length === 0 || selected.includes('any');
}

/** The table's Txn Types cell (SPEC.md "Webhooks": the types, or 'Any'). */
export function txnTypesText(selected: readonly TxnType[]): string {
  return isAnyTxnType(selected) ? TXN_TYPE_LABELS.any : selected.map((type) => TXN_TYPE_LABELS[type]).join(', ');
}

/** SPEC.md §9: addresses one modal may hold. */
export const MAX_WEBHOOK_ADDRESSES = 25;
/** SPEC.md §9: addresses a webhook may hold when set through the API (the tooltip says so). */
export const MAX_WEBHOOK_ADDRESSES_VIA_API = 100_000;

/** SPEC.md §5 "Webhook addresses", word for word. */
export const WEBHOOK_ADDRESS_MESSAGES = {
  empty: 'Address cannot be empty',
  duplicate: 'This address is already added',
  full: `You can only add up to ${MAX_WEBHOOK_ADDRESSES} addresses`,
} as const;

/** Add is disabled at 25 addresses (SPEC.md §5). */
export function isAddressListFull(addresses: readonly string[]): boolean {
  return addresses.length >= MAX_WEBHOOK_ADDRESSES;
}

/** An EVM hex address (0x and 40 hex digits): its case is only a checksum, so it is compared lower-cased. */
const HEX_ADDRESS = /^0x[0-9a-f]{40}$/i;

/** How an address is stored: trimmed, and a hex address lower-cased. */
export function normalizeWebhookAddress(address: string): string {
  const trimmed = address.trim();
  return HEX_ADDRESS.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/**
 * SPEC.md §5: why an address cannot be added to the list, or null when it can. A blank one first,
 * then a full list (whatever was typed), then one already listed (after normalising both).
 */
export function validateWebhookAddress(address: string, existing: readonly string[]): string | null {
  const normalized = normalizeWebhookAddress(address);
  if (normalized === '') return WEBHOOK_ADDRESS_MESSAGES.empty;
  if (isAddressListFull(existing)) return WEBHOOK_ADDRESS_MESSAGES.full;
  if (existing.some((listed) => normalizeWebhookAddress(listed) === normalized)) return WEBHOOK_ADDRESS_MESSAGES.duplicate;
  return null;
}

/** The webhook URL's messages (SPEC.md: required; we also require an http or https URL the server can call). */
export const WEBHOOK_URL_MESSAGES = {
  required: 'Webhook URL is required',
  invalid: 'Enter a full http:// or https:// URL, e.g. https://example.com/webhook',
} as const;

/** Why a webhook URL is refused, or null when it is an absolute http(s) URL with a host. */
export function validateWebhookUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return WEBHOOK_URL_MESSAGES.required;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
  const web = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  return web && parsed.hostname !== '' && !/\s/.test(trimmed) ? null : WEBHOOK_URL_MESSAGES.invalid;
}

/** SPEC.md §3 "Webhook form": what a webhook is configured with. */
export interface WebhookSettings {
  network: Network;
  webhookType: WebhookType;
  txnTypes: readonly TxnType[];
  webhookUrl: string;
  /** Optional: sent by the provider as the Authorization header of each call; '' for none. */
  authHeader: string;
  addresses: readonly string[];
}

/** SPEC.md §3 "Webhook row". */
export interface WebhookRow {
  id: string;
  url: string;
  txnTypes: readonly TxnType[];
  accounts: readonly string[];
  type: WebhookType;
  network: Network;
}

/** What the Configure Webhook modal starts from for a new webhook. */
export const NEW_WEBHOOK: WebhookSettings = {
  network: DEFAULT_NETWORK,
  webhookType: 'enhanced',
  txnTypes: ANY_TXN_TYPE,
  webhookUrl: '',
  authHeader: '',
  addresses: [],
};

/** The modal's fields for an existing webhook (the auth header is never read back: it is a secret). */
export function settingsOf(row: WebhookRow): WebhookSettings {
  return {
    network: row.network,
    webhookType: row.type,
    txnTypes: row.txnTypes,
    webhookUrl: row.url,
    authHeader: '',
    addresses: row.accounts,
  };
}

/** The settings as they are sent: URL and header trimmed. */
export function cleanWebhookSettings(settings: WebhookSettings): WebhookSettings {
  return { ...settings, webhookUrl: settings.webhookUrl.trim(), authHeader: settings.authHeader.trim() };
}

/** When saving a webhook fails without a message of the server's. */
export const WEBHOOK_SAVE_FALLBACK = 'Failed to save the webhook. Please try again.';
