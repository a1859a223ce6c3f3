import { describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_ADDRESSES,
  TXN_TYPES,
  type TxnType,
  WEBHOOK_ADDRESS_MESSAGES,
  WEBHOOK_URL_MESSAGES,
  cleanWebhookSettings,
  isAddressListFull,
  isAnyTxnType,
  normalizeWebhookAddress,
  settingsOf,
  toggleTxnType,
  txnTypesText,
  validateWebhookAddress,
  validateWebhookUrl,
  NEW_WEBHOOK,
} from '@/domain/webhook-form';

const HEX = '0x52908400098527886E0F7030069857D2E4169EE7';
const full = Array.from({ length: MAX_WEBHOOK_ADDRESSES }, (_, i) => `addr-${i}`);

describe('SPEC.md texts', () => {
  it('gives the three address messages word for word, and the five transaction types', () => {
    expect(WEBHOOK_ADDRESS_MESSAGES).toEqual({
      empty: 'Address cannot be empty',
      duplicate: 'This address is already added',
      full: 'You can only add up to 25 addresses',
    });
    expect(TXN_TYPES).toEqual(['any', 'transfer', 'swap', 'mint', 'burn']);
  });
});

describe('toggleTxnType', () => {
  it.each<[readonly TxnType[], TxnType, TxnType[]]>([
    [['any'], 'any', ['any']],
    [['any'], 'swap', ['swap']],
    [['swap'], 'transfer', ['transfer', 'swap']],
    [['transfer', 'swap'], 'any', ['any']],
    [['transfer', 'swap'], 'swap', ['transfer']],
    [['burn'], 'burn', ['any']],
    [['mint', 'burn'], 'transfer', ['transfer', 'mint', 'burn']],
    [[], 'mint', ['mint']],
    [[], 'any', ['any']],
    [['any', 'swap'], 'burn', ['swap', 'burn']],
  ])('%j toggling %s → %j', (selected, type, expected) => {
    expect(toggleTxnType(selected, type)).toEqual(expected);
  });
});

describe('txnTypesText and isAnyTxnType', () => {
  it.each<[readonly TxnType[], string, boolean]>([
    [['any'], 'Any', true],
    [[], 'Any', true],
    [['swap'], 'Swap', false],
    [['transfer', 'mint', 'burn'], 'Transfer, Mint, Burn', false],
  ])('%j → %s', (selected, text, any) => {
    expect(txnTypesText(selected)).toBe(text);
    expect(isAnyTxnType(selected)).toBe(any);
  });
});

describe('validateWebhookAddress', () => {
  it.each<[string, readonly string[], string | null]>([
    ['', [], WEBHOOK_ADDRESS_MESSAGES.empty],
    ['   ', [], WEBHOOK_ADDRESS_MESSAGES.empty],
    ['\t', full, WEBHOOK_ADDRESS_MESSAGES.empty],
    [HEX, [], null],
    [HEX, [HEX.toLowerCase()], WEBHOOK_ADDRESS_MESSAGES.duplicate],
    [` ${HEX.toLowerCase()} `, [HEX], WEBHOOK_ADDRESS_MESSAGES.duplicate],
    ['So1anaStyleAddress', ['so1anastyleaddress'], null],
    ['So1anaStyleAddress', ['So1anaStyleAddress'], WEBHOOK_ADDRESS_MESSAGES.duplicate],
    ['addr-new', full, WEBHOOK_ADDRESS_MESSAGES.full],
    ['addr-0', full, WEBHOOK_ADDRESS_MESSAGES.full],
    ['addr-new', full.slice(1), null],
  ])('%j with %j listed → %j', (address, existing, message) => {
    expect(validateWebhookAddress(address, existing)).toBe(message);
  });

  it.each<[number, boolean]>([
    [0, false],
    [24, false],
    [25, true],
    [26, true],
  ])('a list of %i is full: %s', (count, isFull) => {
    expect(isAddressListFull(full.concat(full).slice(0, count))).toBe(isFull);
  });

  it.each([
    [` ${HEX} `, HEX.toLowerCase()],
    ['  NotHex  ', 'NotHex'],
    ['0x1234', '0x1234'],
  ])('normalises %j to %j', (address, normalized) => {
    expect(normalizeWebhookAddress(address)).toBe(normalized);
  });
});

describe('validateWebhookUrl', () => {
  it.each<[string, string | null]>([
    ['', WEBHOOK_URL_MESSAGES.required],
    ['   ', WEBHOOK_URL_MESSAGES.required],
    ['https://hooks.example.com/tx', null],
    ['http://localhost:3000/hook', null],
    ['  https://hooks.example.com  ', null],
    ['HTTPS://HOOKS.EXAMPLE.COM/A?b=c', null],
    ['hooks.example.com/tx', WEBHOOK_URL_MESSAGES.invalid],
    ['ftp://hooks.example.com', WEBHOOK_URL_MESSAGES.invalid],
    ['javascript:alert(1)', WEBHOOK_URL_MESSAGES.invalid],
    ['https://', WEBHOOK_URL_MESSAGES.invalid],
    ['https://hooks example.com', WEBHOOK_URL_MESSAGES.invalid],
    ['mailto:a@example.com', WEBHOOK_URL_MESSAGES.invalid],
  ])('%j → %j', (url, message) => {
    expect(validateWebhookUrl(url)).toBe(message);
  });
});

describe('settings', () => {
  it('opens an existing webhook with its fields and no auth header (a secret is never read back)', () => {
    expect(
      settingsOf({ id: 'wh_1', url: 'https://a.example/h', txnTypes: ['mint'], accounts: ['a'], type: 'discord', network: 'devnet' }),
    ).toEqual({
      network: 'devnet',
      webhookType: 'discord',
      txnTypes: ['mint'],
      webhookUrl: 'https://a.example/h',
      authHeader: '',
      addresses: ['a'],
    });
  });

  it('trims the URL and the auth header before they are sent', () => {
    expect(cleanWebhookSettings({ ...NEW_WEBHOOK, webhookUrl: ' https://a.example ', authHeader: ' Bearer x ' })).toEqual({
      ...NEW_WEBHOOK,
      webhookUrl: 'https://a.example',
      authHeader: 'Bearer x',
    });
  });
});
