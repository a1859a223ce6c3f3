import { describe, expect, it } from 'vitest';
import { CallFailed, type CallFailure, envelopeMessage, failureIn, httpStatusOf, isRefusedWith } from '@/domain/call-failure';

describe("the API's error envelope", () => {
  it.each<[unknown, string | null]>([
    [{ statusCode: 401, error: 'Unauthorized', message: 'Session expired' }, 'Session expired'],
    [{ statusCode: 400, error: 'Bad Request', message: ['a is wrong', 'b is wrong'] }, 'a is wrong, b is wrong'],
    [{ message: ' padded ' }, 'padded'],
    [{ message: [' a ', 'b'] }, ' a , b'],
    [{ message: ['', ' '] }, null],
    [{ message: [] }, null],
    [{ message: '   ' }, null],
    [{ message: 42 }, null],
    [{ statusCode: 500 }, null],
    ['<html>Bad gateway</html>', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (body, message) => expect(envelopeMessage(body)).toBe(message));
});

describe('a failure carried by a rejection', () => {
  const refused: CallFailure = { kind: 'refused', status: 401, message: null };

  it.each<[unknown, CallFailure]>([
    [new CallFailed(refused), refused],
    [new CallFailed({ kind: 'no-answer' }), { kind: 'no-answer' }],
    [new TypeError('Failed to fetch'), { kind: 'unexpected' }],
    [new Error('Session expired. Please log in again.'), { kind: 'unexpected' }],
    [{ statusCode: 401, message: 'Invalid or expired session' }, { kind: 'unexpected' }],
    [undefined, { kind: 'unexpected' }],
  ])('%s → %j', (error, failure) => expect(failureIn(error)).toEqual(failure));

  it('is an Error, told apart from another by its JSON', () => {
    const failed = new CallFailed(refused);
    expect(failed).toBeInstanceOf(Error);
    expect(JSON.stringify(failed)).toBe(JSON.stringify({ failure: refused }));
    expect(isRefusedWith(failed, 401)).toBe(true);
    expect(isRefusedWith(failed, 403)).toBe(false);
    expect(isRefusedWith({ statusCode: 401 }, 401)).toBe(false);
  });

  it.each<[CallFailure, number | null]>([
    [refused, 401],
    [{ kind: 'bad-answer', status: 200 }, 200],
    [{ kind: 'no-answer' }, null],
    [{ kind: 'not-sent', reason: 'no-token' }, null],
    [{ kind: 'unexpected' }, null],
  ])('%j has HTTP status %j', (failure, status) => expect(httpStatusOf(failure)).toBe(status));
});
