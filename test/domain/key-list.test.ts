import { describe, expect, it } from 'vitest';
import {
  FALLBACK_KEY_NAME,
  KEY_LIST_TIMEOUT_MS,
  countedKeys,
  fallbackKeyViews,
  keysToShow,
  serverKeyId,
  toKeyView,
} from '@/domain/key-list';

const serverKey = { id: 12, name: 'Production', apiKey: 'rpc_live_abc', createdAt: '2025-02-07T10:00:00.000Z', environment: 'MAINNET' };

describe('the client view of a key (SPEC.md §3)', () => {
  it('has the id as a string, the key, and the environment tag when present', () => {
    expect(toKeyView(serverKey)).toEqual({
      id: '12',
      name: 'Production',
      key: 'rpc_live_abc',
      createdAt: '2025-02-07T10:00:00.000Z',
      environment: 'MAINNET',
      stored: true,
      expiresAt: null,
      previous: null,
    });
  });
  it('has the expiry, and the previous secret with its end while it still works', () => {
    const rolled = {
      ...serverKey,
      expiresAt: '2030-01-01T00:00:00.000Z',
      previousKey: 'rpc_old',
      previousKeyUntil: '2029-01-01T00:00:00.000Z',
    };
    expect(toKeyView(rolled)).toMatchObject({
      expiresAt: '2030-01-01T00:00:00.000Z',
      previous: { key: 'rpc_old', until: '2029-01-01T00:00:00.000Z' },
    });
    expect(toKeyView({ ...rolled, previousKey: null, previousKeyUntil: null }).previous).toBeNull();
  });
  it.each([null, undefined, '', '  '])('has no environment tag for %j', (environment) => {
    expect(toKeyView({ ...serverKey, environment }).environment).toBeNull();
  });
});

describe('the fallback of SPEC.md §7', () => {
  it('times the list out after 10 s (SPEC.md §9)', () => {
    expect(KEY_LIST_TIMEOUT_MS).toBe(10_000);
  });
  it("stands in one default key from the user's apiKey when the list failed", () => {
    expect(keysToShow({ data: undefined, failed: true }, 'rpc_live_user')).toEqual([
      {
        id: 'default',
        name: FALLBACK_KEY_NAME,
        key: 'rpc_live_user',
        createdAt: null,
        environment: null,
        stored: false,
        expiresAt: null,
        previous: null,
      },
    ]);
  });
  it('shows no key when the user has none either', () => {
    expect(fallbackKeyViews(null)).toEqual([]);
    expect(keysToShow({ data: undefined, failed: true }, undefined)).toEqual([]);
  });
  it("prefers the server's list, and shows nothing while it loads", () => {
    expect(keysToShow({ data: [serverKey], failed: true }, 'rpc_live_user')).toEqual([toKeyView(serverKey)]);
    expect(keysToShow({ data: [], failed: false }, 'rpc_live_user')).toEqual([]);
    expect(keysToShow({ data: undefined, failed: false }, 'rpc_live_user')).toBeUndefined();
  });
  it.each([
    ["the server's list", { keys: [toKeyView(serverKey)], failed: false }, 1],
    ['an empty list', { keys: [], failed: false }, 0],
    // The stand-in is not the user's keys: they may have more, so the plan's limit cannot be checked.
    ['the stand-in key of a failed list', { keys: fallbackKeyViews('rpc_live_user'), failed: true }, null],
    ['a failed list without a stand-in', { keys: [], failed: true }, null],
  ])('counts %s against the plan: %j', (_, state, counted) => {
    expect(countedKeys(state)).toBe(counted);
  });
});

describe('serverKeyId', () => {
  it.each([
    ['12', 12],
    ['2147483647', 2147483647],
    ['default', null],
    ['0', null],
    ['012', null],
    ['1.5', null],
    ['', null],
  ])('%j → %j', (id, expected) => expect(serverKeyId(id)).toBe(expected));
});
