import { describe, expect, it } from 'vitest';
import { subscribeVerdict } from '@/domain/rpc-subscriptions';
import {
  FILTER_NOT_JSON,
  FILTER_NOT_OBJECT,
  PLAYGROUND_SUBSCRIPTIONS,
  filterProblem,
  parseLogFilter,
  subscribeParams,
} from '@/domain/subscription-form';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('the log filter of the subscription mode', () => {
  it.each([
    ['', { ok: true, filter: null }],
    ['   \n', { ok: true, filter: null }],
    ['{}', { ok: true, filter: {} }],
    [`{"address": "${ADDRESS}"}`, { ok: true, filter: { address: ADDRESS } }],
    ['{"topics": [null, "0x01"]}', { ok: true, filter: { topics: [null, '0x01'] } }],
    ['{"address": ', { ok: false, message: FILTER_NOT_JSON }],
    [`["${ADDRESS}"]`, { ok: false, message: FILTER_NOT_OBJECT }],
    ['"address"', { ok: false, message: FILTER_NOT_OBJECT }],
    ['null', { ok: false, message: FILTER_NOT_OBJECT }],
    ['42', { ok: false, message: FILTER_NOT_OBJECT }],
  ] as const)('%j → %j', (text, check) => {
    expect(parseLogFilter(text)).toEqual(check);
  });

  it.each([
    ['newHeads', '', ['newHeads'], null],
    // newHeads takes no filter: whatever the editor holds is not sent, and not a problem.
    ['newHeads', 'not json', ['newHeads'], null],
    ['logs', '', ['logs'], null],
    ['logs', `{"address": "${ADDRESS}"}`, ['logs', { address: ADDRESS }], null],
    ['logs', 'not json', null, FILTER_NOT_JSON],
    ['logs', '[]', null, FILTER_NOT_OBJECT],
  ] as const)('%s with %j sends %j', (subscription, text, params, problem) => {
    expect(subscribeParams(subscription, text)).toEqual(params);
    expect(filterProblem(subscription, text)).toBe(problem);
  });

  it('only ever sends params the gateway serves', () => {
    for (const subscription of PLAYGROUND_SUBSCRIPTIONS) {
      for (const text of ['', '{}', `{"address": "${ADDRESS}", "topics": [null]}`]) {
        const params = subscribeParams(subscription, text);
        expect(subscribeVerdict(params)).toEqual({ allowed: true, type: subscription });
      }
    }
  });
});
