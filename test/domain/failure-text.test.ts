import { describe, expect, it } from 'vitest';
import { failureText } from '@/domain/failure-text';

const FALLBACK = 'Failed to load. Please try again.';

describe('failureText', () => {
  it.each([
    [{ statusCode: 401, error: 'Unauthorized', message: 'Session expired' }, 'Session expired'],
    [{ statusCode: 400, error: 'Bad Request', message: ['a is wrong', 'b is wrong'] }, 'a is wrong, b is wrong'],
    [new TypeError('Failed to fetch'), 'Failed to fetch'],
    [{ statusCode: 500, error: 'Internal Server Error', message: '' }, FALLBACK],
    [{ statusCode: 500, error: 'Internal Server Error', message: '   ' }, FALLBACK],
    [{ statusCode: 400, error: 'Bad Request', message: [] }, FALLBACK],
    [{ statusCode: 500 }, FALLBACK],
    [null, FALLBACK],
    [undefined, FALLBACK],
    ['boom', FALLBACK],
  ])('%j → %s', (failure, expected) => expect(failureText(failure, FALLBACK)).toBe(expected));
});
