import {
  BAD_CREDENTIALS,
  CALLBACK_UNEXPECTED,
  CURRENT_USER_FALLBACK,
  FORGOT_PASSWORD_FALLBACK,
  INVALID_LOGIN_FORMAT,
  INVALID_LOGIN_RESPONSE,
  LOGIN_FALLBACK,
  NO_RESPONSE,
  NO_TOKEN_FOUND,
  REGISTRATION_FALLBACK,
  RESET_PASSWORD_FALLBACK,
  SESSION_EXPIRED,
} from './auth-errors';
import { type CallFailure, failureIn } from './call-failure';
import {
  KEY_CREATE_FALLBACK,
  KEY_DELETE_FALLBACK,
  KEY_EXPIRY_FALLBACK,
  KEY_LIMIT_REACHED,
  KEY_NOT_STORED,
  KEY_RENAME_FALLBACK,
  KEY_ROLL_FALLBACK,
} from './key-errors';

/** SPEC.md has no texts for these; they follow the wording of its fallbacks. */
export const ACCESS_SAVE_FALLBACK = 'Failed to save the access control lists. Please try again.';
export const DASHBOARD_LOAD_FALLBACK = 'Failed to load your dashboard. Please try again.';
export const USAGE_LOAD_FALLBACK = 'Failed to load your usage. Please try again.';
export const ENDPOINTS_LOAD_FALLBACK = 'Failed to load your endpoints. Please try again.';
export const ACCESS_CONTROL_LOAD_FALLBACK = 'Failed to load the access control lists.';
export const LEGAL_LOAD_FALLBACK = 'Failed to load this document. Please try again.';
export const PLAN_LOAD_FALLBACK = 'Failed to load your plan. Please try again.';
export const REQUEST_LOG_LOAD_FALLBACK = 'Failed to load the request log. Please try again.';
export const REQUEST_LOG_SWITCH_FALLBACK = 'Failed to switch the request log. Please try again.';
export const AUDIT_LOG_LOAD_FALLBACK = 'Failed to load the audit log. Please try again.';
export const STATUS_LOAD_FALLBACK = 'Failed to load the system status. Please try again.';

/** SPEC.md §8 fallbacks of billing. */
export const PLANS_LOAD_FALLBACK = 'Failed to fetch plans';
export const INVOICES_LOAD_FALLBACK = 'Failed to fetch invoices';
export const CHECKOUT_START_FALLBACK = 'Failed to create payment';
/** SPEC.md has no texts for these; they follow the wording of its fallbacks. */
export const PORTAL_OPEN_FALLBACK = 'Failed to open the customer portal. Please try again.';
export const SUBSCRIPTION_LOAD_FALLBACK = 'Failed to load your subscription. Please try again.';
export const CHECKOUT_LOAD_FALLBACK = 'Failed to check your payment. Please try again.';

/** What the user was doing when the call failed: the text depends on it. */
export type Operation =
  | 'login'
  | 'currentUser'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'authCallback'
  | 'createKey'
  | 'renameKey'
  | 'deleteKey'
  | 'rollKey'
  | 'setKeyExpiry'
  | 'saveAccessControl'
  | 'startCheckout'
  | 'openPortal'
  | 'switchRequestLog'
  | PageLoad;

/** Loading a screen's server data (the page's spinner turns into this failure with Retry). */
export type PageLoad =
  | 'loadDashboard'
  | 'loadPlan'
  | 'loadUsage'
  | 'loadEndpoints'
  | 'loadAccessControl'
  | 'loadPlans'
  | 'loadInvoices'
  | 'loadSubscription'
  | 'loadCheckout'
  | 'loadLegalDocument'
  | 'loadRequestLog'
  | 'loadAuditLog'
  | 'loadStatus';

/** The server's own message, when it refused with one. */
const serverSaid = (failure: CallFailure): string | null => (failure.kind === 'refused' ? failure.message : null);

/** The server's message, else the operation's fallback. */
const orFallback =
  (fallback: string) =>
  (failure: CallFailure): string =>
    serverSaid(failure) ?? fallback;

/** POST /auth/login refused: one neutral text for any refusal about credentials, never the server's wording of it. */
function loginRefusal(status: number, message: string | null): string {
  if (status === 401 || status === 500) return BAD_CREDENTIALS;
  if (status === 400) return INVALID_LOGIN_FORMAT;
  if (message === null || message.includes('credentials') || message.includes('Unauthorized')) return BAD_CREDENTIALS;
  return message;
}

const rules: Record<Operation, (failure: CallFailure) => string> = {
  login: (failure) => {
    if (failure.kind === 'no-answer') return NO_RESPONSE;
    if (failure.kind === 'bad-answer') return INVALID_LOGIN_RESPONSE;
    if (failure.kind === 'refused') return loginRefusal(failure.status, failure.message);
    return LOGIN_FALLBACK;
  },
  currentUser: (failure) => {
    if (failure.kind === 'not-sent' && failure.reason === 'no-token') return NO_TOKEN_FOUND;
    if (failure.kind === 'refused' && failure.status === 401) return SESSION_EXPIRED;
    return serverSaid(failure) ?? CURRENT_USER_FALLBACK;
  },
  register: (failure) => {
    if (failure.kind !== 'refused') return REGISTRATION_FALLBACK;
    return failure.message ?? `Error: ${failure.status}`;
  },
  forgotPassword: orFallback(FORGOT_PASSWORD_FALLBACK),
  resetPassword: orFallback(RESET_PASSWORD_FALLBACK),
  // The callback shows one text for anything that breaks; /login says more if the session does.
  authCallback: () => CALLBACK_UNEXPECTED,
  createKey: (failure) => {
    if (failure.kind === 'refused' && failure.status === 429) return KEY_LIMIT_REACHED;
    return serverSaid(failure) ?? KEY_CREATE_FALLBACK;
  },
  renameKey: (failure) => (failure.kind === 'not-sent' ? KEY_NOT_STORED : (serverSaid(failure) ?? KEY_RENAME_FALLBACK)),
  deleteKey: (failure) => (failure.kind === 'not-sent' ? KEY_NOT_STORED : (serverSaid(failure) ?? KEY_DELETE_FALLBACK)),
  rollKey: (failure) => (failure.kind === 'not-sent' ? KEY_NOT_STORED : (serverSaid(failure) ?? KEY_ROLL_FALLBACK)),
  setKeyExpiry: (failure) => (failure.kind === 'not-sent' ? KEY_NOT_STORED : (serverSaid(failure) ?? KEY_EXPIRY_FALLBACK)),
  saveAccessControl: orFallback(ACCESS_SAVE_FALLBACK),
  loadDashboard: orFallback(DASHBOARD_LOAD_FALLBACK),
  loadPlan: orFallback(PLAN_LOAD_FALLBACK),
  loadUsage: orFallback(USAGE_LOAD_FALLBACK),
  loadEndpoints: orFallback(ENDPOINTS_LOAD_FALLBACK),
  loadAccessControl: orFallback(ACCESS_CONTROL_LOAD_FALLBACK),
  // A refused subscribe (a plan that is no upgrade, the provider down) says why in the server's words.
  startCheckout: orFallback(CHECKOUT_START_FALLBACK),
  openPortal: orFallback(PORTAL_OPEN_FALLBACK),
  loadPlans: orFallback(PLANS_LOAD_FALLBACK),
  loadInvoices: orFallback(INVOICES_LOAD_FALLBACK),
  loadSubscription: orFallback(SUBSCRIPTION_LOAD_FALLBACK),
  loadCheckout: orFallback(CHECKOUT_LOAD_FALLBACK),
  loadLegalDocument: orFallback(LEGAL_LOAD_FALLBACK),
  loadRequestLog: orFallback(REQUEST_LOG_LOAD_FALLBACK),
  loadAuditLog: orFallback(AUDIT_LOG_LOAD_FALLBACK),
  loadStatus: orFallback(STATUS_LOAD_FALLBACK),
  switchRequestLog: orFallback(REQUEST_LOG_SWITCH_FALLBACK),
};

/** The SPEC.md §8 text for a call of `operation` that failed with `failure`. */
export function failureMessage(operation: Operation, failure: CallFailure): string {
  return rules[operation](failure);
}

/**
 * A failed save's text where the screen has one fallback of its own (project name, autoscaling,
 * webhook, node order): the server's message when it refused with one, else the fallback. Takes
 * what the actor rejected with (a CallFailed, or anything thrown: the fallback).
 */
export function refusalOr(error: unknown, fallback: string): string {
  const failure = failureIn(error);
  return failure.kind === 'refused' && failure.message ? failure.message : fallback;
}
