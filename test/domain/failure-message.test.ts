import { describe, expect, it } from 'vitest';
import { CallFailed, type CallFailure } from '@/domain/call-failure';
import { type Operation, failureMessage, refusalOr } from '@/domain/failure-message';

const NO_ANSWER: CallFailure = { kind: 'no-answer' };
const UNEXPECTED: CallFailure = { kind: 'unexpected' };
const refused = (status: number, message: string | null = null): CallFailure => ({ kind: 'refused', status, message });
const badAnswer = (status = 200): CallFailure => ({ kind: 'bad-answer', status });

const BAD = 'Bad credentials, please try again.';
const NO_RESPONSE = 'No response from server. Please check your internet connection and try again.';
const FORGOT = 'Failed to send password reset request. Please try again.';
const RESET = 'Failed to reset password. Please try again.';

/** One row per rule of SPEC.md §8 (and of the screens' own fallbacks): operation, failure, text shown. */
const rules: Array<[string, Operation, CallFailure, string]> = [
  // Login
  ['login: no answer', 'login', NO_ANSWER, NO_RESPONSE],
  ['login: 401', 'login', refused(401, 'Invalid e-mail or password'), BAD],
  ['login: 500', 'login', refused(500, 'Internal server error'), BAD],
  [
    'login: 400',
    'login',
    refused(400, 'body/email must match format "email"'),
    'Invalid email or password format. Please check your input.',
  ],
  ['login: a message about credentials', 'login', refused(403, 'Invalid credentials'), BAD],
  ['login: a message saying Unauthorized', 'login', refused(403, 'Unauthorized'), BAD],
  [
    "login: any other refusal shows the server's message",
    'login',
    refused(429, 'Too many login attempts. Please wait 15 minutes and try again.'),
    'Too many login attempts. Please wait 15 minutes and try again.',
  ],
  ['login: a list message joined', 'login', refused(409, 'first, second'), 'first, second'],
  ['login: no usable response (no message)', 'login', refused(502), BAD],
  ['login: missing access_token', 'login', badAnswer(), 'Invalid response from server'],
  ['login: anything else', 'login', UNEXPECTED, 'Authentication failed. Please try again.'],
  // Current user
  ['current user: no token', 'currentUser', { kind: 'not-sent', reason: 'no-token' }, 'No authentication token found'],
  ['current user: 401', 'currentUser', refused(401, 'Unauthorized'), 'Session expired. Please log in again.'],
  ["current user: the server's message", 'currentUser', refused(503, 'Database unavailable'), 'Database unavailable'],
  ['current user: no message', 'currentUser', refused(500), 'Failed to fetch user data'],
  ['current user: no answer', 'currentUser', NO_ANSWER, 'Failed to fetch user data'],
  ['current user: not a user', 'currentUser', badAnswer(), 'Failed to fetch user data'],
  // Signup
  [
    "signup: the server's message",
    'register',
    refused(409, 'An account with this email already exists'),
    'An account with this email already exists',
  ],
  ['signup: a status without message', 'register', refused(502), 'Error: 502'],
  ['signup: no answer', 'register', NO_ANSWER, 'Registration failed. Please try again.'],
  ['signup: anything else', 'register', UNEXPECTED, 'Registration failed. Please try again.'],
  // Forgot and reset password
  ["forgot password: the server's message", 'forgotPassword', refused(429, 'Too many requests'), 'Too many requests'],
  ['forgot password: no message', 'forgotPassword', refused(500), FORGOT],
  ['forgot password: no answer', 'forgotPassword', NO_ANSWER, FORGOT],
  ["reset password: the server's message", 'resetPassword', refused(400, 'Invalid reset token'), 'Invalid reset token'],
  ['reset password: no message', 'resetPassword', refused(500), RESET],
  ['reset password: no answer', 'resetPassword', NO_ANSWER, RESET],
  // Auth callback
  [
    'auth callback: any failure',
    'authCallback',
    refused(500, 'Internal server error'),
    'Unable to complete authentication. Please try again.',
  ],
  ['auth callback: no answer', 'authCallback', NO_ANSWER, 'Unable to complete authentication. Please try again.'],
  // Keys
  ['key creation: 429', 'createKey', refused(429, 'Too Many Requests'), 'You have reached your maximum API key limit.'],
  ['key creation: 429 without message', 'createKey', refused(429), 'You have reached your maximum API key limit.'],
  [
    "key creation: the server's message",
    'createKey',
    refused(400, 'name must NOT have more than 100 characters'),
    'name must NOT have more than 100 characters',
  ],
  ['key creation: no message', 'createKey', refused(500), 'Failed to generate a new API key. Please try again.'],
  ['key creation: no answer', 'createKey', NO_ANSWER, 'Failed to generate a new API key. Please try again.'],
  ["key rename: the server's message", 'renameKey', refused(404, 'API key not found'), 'API key not found'],
  ['key rename: no answer', 'renameKey', NO_ANSWER, 'Failed to rename the API key. Please try again.'],
  [
    'key rename: the stand-in key',
    'renameKey',
    { kind: 'not-sent', reason: 'key-not-stored' },
    'This key cannot be changed here: reload the page and try again.',
  ],
  ["key delete: the server's message", 'deleteKey', refused(404, 'API key not found'), 'API key not found'],
  ['key delete: no message', 'deleteKey', refused(502), 'Failed to delete the API key. Please try again.'],
  [
    'key delete: the stand-in key',
    'deleteKey',
    { kind: 'not-sent', reason: 'key-not-stored' },
    'This key cannot be changed here: reload the page and try again.',
  ],
  // Access control
  [
    "access control save: the server's SPEC.md §5 text",
    'saveAccessControl',
    refused(400, 'Invalid domain: example..com'),
    'Invalid domain: example..com',
  ],
  ['access control save: no answer', 'saveAccessControl', NO_ANSWER, 'Failed to save the access control lists. Please try again.'],
  ['access control save: anything else', 'saveAccessControl', UNEXPECTED, 'Failed to save the access control lists. Please try again.'],
  // Loading a screen's data
  ["dashboard: the server's message", 'loadDashboard', refused(401, 'Invalid or expired session'), 'Invalid or expired session'],
  ['dashboard: no answer', 'loadDashboard', NO_ANSWER, 'Failed to load your dashboard. Please try again.'],
  ['usage: no message', 'loadUsage', refused(500), 'Failed to load your usage. Please try again.'],
  ['endpoints: not what the contract says', 'loadEndpoints', badAnswer(), 'Failed to load your endpoints. Please try again.'],
  ['access control lists: no answer', 'loadAccessControl', NO_ANSWER, 'Failed to load the access control lists.'],
  [
    "request log: the server's message",
    'loadRequestLog',
    refused(403, 'The request log is available on paid plans.'),
    'The request log is available on paid plans.',
  ],
  ['request log: no answer', 'loadRequestLog', NO_ANSWER, 'Failed to load the request log. Please try again.'],
  ['request log switch: no message', 'switchRequestLog', refused(500), 'Failed to switch the request log. Please try again.'],
  // Billing
  ['plans: no answer', 'loadPlans', NO_ANSWER, 'Failed to fetch plans'],
  ["plans: the server's message", 'loadPlans', refused(429, 'Too many requests'), 'Too many requests'],
  ['plans: not what the contract says', 'loadPlans', badAnswer(), 'Failed to fetch plans'],
  ['invoices: no message', 'loadInvoices', refused(502), 'Failed to fetch invoices'],
  [
    "invoices: the server's message",
    'loadInvoices',
    refused(502, 'The payment provider did not answer.'),
    'The payment provider did not answer.',
  ],
  ['invoices: no answer', 'loadInvoices', NO_ANSWER, 'Failed to fetch invoices'],
  [
    "checkout: a refusal shows the server's message",
    'startCheckout',
    refused(409, 'You are already on the Developer plan.'),
    'You are already on the Developer plan.',
  ],
  ['checkout: provider down without message', 'startCheckout', refused(502), 'Failed to create payment'],
  ['checkout: no answer', 'startCheckout', NO_ANSWER, 'Failed to create payment'],
  ['checkout: anything else', 'startCheckout', UNEXPECTED, 'Failed to create payment'],
  [
    "portal: the server's message",
    'openPortal',
    refused(502, 'The payment provider did not answer.'),
    'The payment provider did not answer.',
  ],
  ['portal: no answer', 'openPortal', NO_ANSWER, 'Failed to open the customer portal. Please try again.'],
  ['subscription: no message', 'loadSubscription', refused(500), 'Failed to load your subscription. Please try again.'],
  ["checkout status: the server's message", 'loadCheckout', refused(404, 'There is no such checkout.'), 'There is no such checkout.'],
  ['checkout status: no answer', 'loadCheckout', NO_ANSWER, 'Failed to check your payment. Please try again.'],
  [
    "terms or privacy: the server's message",
    'loadLegalDocument',
    refused(404, 'There is no document named "x".'),
    'There is no document named "x".',
  ],
  ['terms or privacy: no answer', 'loadLegalDocument', NO_ANSWER, 'Failed to load this document. Please try again.'],
  ["the user's plan: no answer", 'loadPlan', NO_ANSWER, 'Failed to load your plan. Please try again.'],
  ["the user's plan: the server's message", 'loadPlan', refused(503, 'The database is busy.'), 'The database is busy.'],
  ['system status: no answer', 'loadStatus', NO_ANSWER, 'Failed to load the system status. Please try again.'],
  [
    "system status: the server's message",
    'loadStatus',
    refused(503, 'The status report is not available on this server.'),
    'The status report is not available on this server.',
  ],
];

describe('failureMessage (SPEC.md §8)', () => {
  it.each(rules)('%s', (_, operation, failure, text) => {
    expect(failureMessage(operation, failure)).toBe(text);
  });
});

describe('refusalOr (a save with a fallback of its own: project name, autoscaling, webhook, node order)', () => {
  const fallback = 'Failed to save. Please try again.';
  it.each<[string, unknown, string]>([
    ["the server's reason", new CallFailed({ kind: 'refused', status: 409, message: 'Taken' }), 'Taken'],
    ['a refusal without a reason', new CallFailed({ kind: 'refused', status: 503, message: null }), fallback],
    ['an empty reason', new CallFailed({ kind: 'refused', status: 400, message: '' }), fallback],
    ['no answer', new CallFailed({ kind: 'no-answer' }), fallback],
    ['a bad answer', new CallFailed({ kind: 'bad-answer', status: 200 }), fallback],
    ['anything else thrown', new Error('boom'), fallback],
  ])('%s', (_name, error, text) => {
    expect(refusalOr(error, fallback)).toBe(text);
  });
});
