import type { paths } from './schema';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** Every operation of the contract, as 'METHOD /path' (the path as openapi.yaml writes it). */
export type ApiOperation = {
  [P in keyof paths]: { [M in Method]-?: [NonNullable<paths[P][M]>] extends [never] ? never : `${Uppercase<M>} ${P}` }[Method];
}[keyof paths];

/**
 * Which operations take the session token (`security: bearer` in openapi.yaml). Every operation is
 * listed, so a new one does not compile until someone decides; test/contract/bearer-operations.test.ts
 * checks the table against the contract.
 */
export const SENDS_BEARER: Record<ApiOperation, boolean> = {
  'GET /healthz': false,
  'GET /readyz': false,
  'GET /config': false,
  'GET /legal/{document}': false,
  'GET /status': false,
  'POST /auth/register': false,
  'POST /auth/login': false,
  'POST /auth/logout': true,
  'POST /auth/forgot-password': false,
  'POST /auth/reset-password': false,
  'POST /auth/verify-email': false,
  'POST /auth/resend-verification': true,
  'GET /auth/token': false,
  'GET /auth/google': false,
  'GET /auth/google/callback': false,
  'GET /users/me': true,
  'GET /plans': false,
  'GET /users/plan': true,
  'POST /users/subscribe': true,
  'GET /users/stripe': true,
  'GET /users/subscription': true,
  'GET /payment/invoices': true,
  'GET /payment/checkouts/{id}': true,
  // Called by Stripe, and by the browser on the local test-mode provider's own pages: never by the dashboard.
  'POST /payment/stripe/webhook': false,
  'GET /payment/test-mode/checkout/{id}': false,
  'POST /payment/test-mode/checkout/{id}': false,
  'GET /payment/test-mode/portal/{token}': false,
  'POST /payment/test-mode/portal/{token}': false,
  'GET /payment/test-mode/invoices/{id}': false,
  'GET /apiKeys': true,
  'POST /apiKeys': true,
  'PATCH /apiKeys/{id}': true,
  'DELETE /apiKeys/{id}': true,
  'POST /apiKeys/{id}/roll': true,
  'PUT /apiKeys/{id}/expiry': true,
  'GET /apiKeys/{id}/rules': true,
  'PUT /apiKeys/{id}/rules': true,
  'GET /usage': true,
  'GET /usage/series': true,
  'GET /users/alerts': true,
  'PUT /users/alerts': true,
  'GET /auditLog': true,
  'GET /apiKeys/{id}/requests': true,
  'PUT /apiKeys/{id}/requestLog': true,
  'GET /accessControl': true,
  'PUT /accessControl': true,
  'GET /project': true,
  'PATCH /project': true,
  'PUT /project/autoscaling': true,
  'GET /projects': true,
  'GET /projects/current/members': true,
  'PATCH /projects/current/members/{userId}': true,
  'DELETE /projects/current/members/{userId}': true,
  'DELETE /projects/current/membership': true,
  'POST /projects/current/owner': true,
  'POST /projects/current/invites': true,
  'DELETE /projects/current/invites/{id}': true,
  'GET /invites/{token}': false,
  'POST /invites/{token}/accept': true,
  'POST /v1/{network}/{apiKey}': false,
};

const bearerOperations = new Set(Object.entries(SENDS_BEARER).flatMap(([operation, bearer]) => (bearer ? [operation] : [])));

/** Whether a request (its method, and the contract's path it was made from) takes the session token. */
export const sendsBearer = (method: string, schemaPath: string): boolean => bearerOperations.has(`${method.toUpperCase()} ${schemaPath}`);
