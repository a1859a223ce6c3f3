import { describe, expect, it } from 'vitest';
import { maskKey } from '@/domain/key-display';
import { keyChoiceText, keyWithId, startingKeyId } from '@/domain/playground-key';

const keys = [
  { id: '1', name: 'Backend', key: 'key_abcdef0123456789wxyz' },
  { id: '2', name: 'Frontend', key: 'key_zyxw9876543210fedcba' },
];

describe('startingKeyId', () => {
  it.each([
    ['the key a link names', '2', '2'],
    ['the first key without a name', null, '1'],
    ['the first key when left out', undefined, '1'],
    ['the first key for an id the user does not have', '9', '1'],
  ] as const)('starts on %s', (_case, keyId, expected) => {
    expect(startingKeyId(keys, keyId)).toBe(expected);
  });

  it('starts on none without keys', () => {
    expect(startingKeyId([], '1')).toBeNull();
  });
});

describe('keyWithId', () => {
  it('finds the key, or null', () => {
    expect(keyWithId(keys, '2')).toEqual(keys[1]);
    expect(keyWithId(keys, '3')).toBeNull();
    expect(keyWithId(keys, null)).toBeNull();
  });
});

describe('keyChoiceText', () => {
  it('names the key with its masked value, never the secret in full', () => {
    expect(keyChoiceText(keys[0] ?? { id: '', name: '', key: '' })).toBe(`Backend (${maskKey('key_abcdef0123456789wxyz')})`);
    expect(keyChoiceText(keys[0] ?? { id: '', name: '', key: '' })).toBe('Backend (key_ab••••••••••••wxyz)');
    expect(keyChoiceText({ id: '3', name: 'Short', key: 'abc' })).not.toContain('abc');
  });
});
