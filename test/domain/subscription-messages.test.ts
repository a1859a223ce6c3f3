import { describe, expect, it } from 'vitest';
import {
  isUnsubscribeAnswer,
  isUnsubscribeResult,
  notificationPayload,
  readSocketMessage,
  subscribeRefusal,
  subscribeRequest,
  subscribedId,
  unsubscribeRequest,
} from '@/domain/subscription-messages';

const SUB = '0x9cef478923ff08bf67fde6c64013158d';
const json = (body: unknown) => JSON.stringify(body);

describe('the messages of one subscription', () => {
  it('sends eth_subscribe with id 1 and eth_unsubscribe with id 2', () => {
    expect(JSON.parse(subscribeRequest(['logs', { address: '0x01' }]))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_subscribe',
      params: ['logs', { address: '0x01' }],
    });
    expect(JSON.parse(unsubscribeRequest(SUB))).toEqual({ jsonrpc: '2.0', id: 2, method: 'eth_unsubscribe', params: [SUB] });
  });

  it.each([
    [json({ jsonrpc: '2.0', id: 1, result: SUB }), { kind: 'answer', id: 1, result: SUB }],
    [json({ jsonrpc: '2.0', id: 2, result: true }), { kind: 'answer', id: 2, result: true }],
    [json({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } }), { kind: 'refusal', id: 1, code: -32602, message: 'bad' }],
    [json({ jsonrpc: '2.0', id: null, error: { code: 'x' } }), { kind: 'refusal', id: null, code: null, message: 'no message' }],
    [
      json({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: SUB, result: { number: '0x1' } } }),
      { kind: 'notification', subscription: SUB, result: { number: '0x1' } },
    ],
    [json({ jsonrpc: '2.0', method: 'eth_subscription', params: { result: {} } }), { kind: 'other' }],
    [json({ jsonrpc: '2.0', method: 'something_else' }), { kind: 'other' }],
    [json([{ jsonrpc: '2.0', id: 1, result: SUB }]), { kind: 'other' }],
    [json({ jsonrpc: '2.0', id: 1 }), { kind: 'other' }],
    ['not json', { kind: 'other' }],
    ['null', { kind: 'other' }],
  ])('reads %s', (text, message) => {
    expect(readSocketMessage(text)).toEqual(message);
  });

  it('finds the subscription id in the answer to eth_subscribe only', () => {
    expect(subscribedId(json({ jsonrpc: '2.0', id: 1, result: SUB }))).toBe(SUB);
    expect(subscribedId(json({ jsonrpc: '2.0', id: 2, result: SUB }))).toBeNull();
    expect(subscribedId(json({ jsonrpc: '2.0', id: 1, result: 7 }))).toBeNull();
  });

  it.each([
    [
      json({ jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'Too many subscriptions on this connection: your plan allows 10.' } }),
      'The gateway refused eth_subscribe: Too many subscriptions on this connection: your plan allows 10. (JSON-RPC error -32005)',
    ],
    [json({ jsonrpc: '2.0', id: 1, error: { message: 'odd' } }), 'The gateway refused eth_subscribe: odd'],
    [json({ jsonrpc: '2.0', id: 1, result: null }), 'The gateway answered eth_subscribe without a subscription id.'],
    [json({ jsonrpc: '2.0', id: 1, result: SUB }), null],
    [json({ jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'no' } }), null],
    [json({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'quota' } }), null],
  ])('says why eth_subscribe failed: %s', (text, refusal) => {
    expect(subscribeRefusal(text)).toBe(refusal);
  });

  it("tells eth_unsubscribe's answer (charged when answered) from its refusal", () => {
    const answered = json({ jsonrpc: '2.0', id: 2, result: true });
    const refused = json({ jsonrpc: '2.0', id: 2, error: { code: -32005, message: 'rate' } });
    expect([isUnsubscribeAnswer(answered), isUnsubscribeResult(answered)]).toEqual([true, true]);
    expect([isUnsubscribeAnswer(refused), isUnsubscribeResult(refused)]).toEqual([true, false]);
    expect(isUnsubscribeAnswer(json({ jsonrpc: '2.0', id: 1, result: true }))).toBe(false);
  });

  it("pretty-prints a notification's payload when it is of the subscription held", () => {
    const text = json({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: SUB, result: { number: '0x1b4' } } });
    expect(notificationPayload(text, SUB)).toBe('{\n  "number": "0x1b4"\n}');
    expect(notificationPayload(text, '0xother')).toBeNull();
    expect(notificationPayload(text, null)).toBeNull();
    expect(notificationPayload(json({ jsonrpc: '2.0', id: 1, result: SUB }), SUB)).toBeNull();
  });
});
