/**
 * Teams: the roles a member holds in a project, and for every operation of openapi.yaml who may
 * call it. The server enforces this table on every bearer operation (server/openapi/register.ts);
 * the SPA shows each member only what their role reaches. server/auth/operation-access.ts types the
 * table against the contract, so a new operation does not compile until it is classified here.
 */

export const ROLES = ['owner', 'developer', 'billing', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an invite may give: ownership is transferred, never invited. */
export const INVITABLE_ROLES = ['developer', 'billing', 'viewer'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  developer: 'Developer',
  billing: 'Billing',
  viewer: 'Viewer',
};

/** What a role is for, as the members card explains it. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  owner: 'Everything, including members and ownership.',
  developer: 'API keys, key rules, access control, playground and usage; no billing.',
  billing: 'Plans, invoices and payments; no API keys.',
  viewer: 'Reads the project; changes nothing.',
};

export function isRole(value: unknown): value is Role {
  return ROLES.some((role) => role === value);
}

export function isInvitableRole(value: unknown): value is InvitableRole {
  return INVITABLE_ROLES.some((role) => role === value);
}

/**
 * Who may call an operation: 'public' (no bearer token), 'user' (any signed-in user, about
 * themselves, in no project), or the roles of the acting project that may.
 */
export type Access = 'public' | 'user' | readonly Role[];

const everyone: readonly Role[] = ROLES;
const keys: readonly Role[] = ['owner', 'developer'];
const readKeys: readonly Role[] = ['owner', 'developer', 'viewer'];
const billing: readonly Role[] = ['owner', 'billing'];
const owner: readonly Role[] = ['owner'];

/** Every operation of openapi.yaml and who may call it (the gateway's rpcCall authenticates by its key). */
export const OPERATION_ACCESS = {
  getHealthz: 'public',
  getReadyz: 'public',
  getConfig: 'public',
  getLegalDocument: 'public',
  getStatus: 'public',
  register: 'public',
  login: 'public',
  forgotPassword: 'public',
  resetPassword: 'public',
  verifyEmail: 'public',
  googleStart: 'public',
  googleCallback: 'public',
  exchangeToken: 'public',
  listPlans: 'public',
  stripeWebhook: 'public',
  testModeCheckoutPage: 'public',
  testModePay: 'public',
  testModePortalPage: 'public',
  testModePortalAction: 'public',
  testModeReceiptPage: 'public',
  rpcCall: 'public',
  getInvite: 'public',

  logout: 'user',
  resendVerification: 'user',
  getMe: 'user',
  listProjects: 'user',
  acceptInvite: 'user',

  getUserPlan: everyone,
  getProject: everyone,
  getUsage: everyone,
  getUsageSeries: everyone,
  getAlertSettings: everyone,
  listAuditLog: everyone,
  listMembers: everyone,
  leaveProject: everyone,

  listApiKeys: readKeys,
  getKeyRules: readKeys,
  getRequestLog: readKeys,
  getAccessControl: readKeys,
  createApiKey: keys,
  renameApiKey: keys,
  deleteApiKey: keys,
  rollApiKey: keys,
  setKeyExpiry: keys,
  putKeyRules: keys,
  putRequestLog: keys,
  putAccessControl: keys,

  putAlertSettings: ['owner', 'developer', 'billing'],

  subscribe: billing,
  getCustomerPortal: billing,
  getSubscription: billing,
  listInvoices: billing,
  getCheckout: billing,
  putAutoscaling: billing,

  renameProject: owner,
  inviteMember: owner,
  revokeInvite: owner,
  changeMemberRole: owner,
  removeMember: owner,
  transferOwnership: owner,
} as const satisfies Readonly<Record<string, Access>>;

export type ClassifiedOperation = keyof typeof OPERATION_ACCESS;

/** Whether `role` may call `operationId` (public and user operations: any signed-in role). */
export function roleMay(role: Role, operationId: ClassifiedOperation): boolean {
  const access: Access = OPERATION_ACCESS[operationId];
  return typeof access === 'string' || access.includes(role);
}

/**
 * The 403 text of a request naming (X-Project) a project the user is not a member of: the SPA,
 * seeing it, drops the project it picked and goes back to the user's own.
 */
export const NOT_A_MEMBER = 'You are not a member of this project (X-Project). Choose one of your projects.';

/** The 403 text of an operation the member's role does not reach. */
export function roleRefusal(role: Role): string {
  return `Your role in this project (${ROLE_LABELS[role]}) cannot do this.`;
}

/**
 * Whether a member of `role` reads the project's key secrets. A Viewer reads the keys (names,
 * dates, rules) with their secrets masked: a secret spends the project's credits, which reading
 * alone must not allow.
 */
export function readsKeySecrets(role: Role): boolean {
  return role === 'owner' || role === 'developer';
}

/**
 * Whether a member of `role` changes the project's keys (generate, rename, rules, roll, expiry,
 * delete: one access for all). Null, before the role is read: the screen offers them and the server
 * decides.
 */
export function changesKeys(role: Role | null): boolean {
  return role === null || roleMay(role, 'createApiKey');
}

/** What the keys screen says where a member who only reads them would find its buttons. */
export function keysReadOnlyText(role: Role): string {
  return `Your role in this project (${ROLE_LABELS[role]}) reads the API keys with their secrets masked; owners and developers change them.`;
}

/** A key row's Actions for a member who only reads the keys. */
export const KEYS_READ_ONLY = 'Read only';
