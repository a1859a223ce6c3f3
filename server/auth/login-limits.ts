import { AttemptLimiter } from '@server/auth/attempt-limiter';
import { type AttemptStore, localAttempts, type Slot } from '@server/auth/redis-attempts';
import type { ReserveOutcome } from '@server/auth/reserve-attempt';

const fifteenMinutes = 15 * 60 * 1000;

/** The texts contain neither "credentials" nor "Unauthorized", so the SPA shows them as they are (SPEC.md section 8). */
export const tooManyLoginAttempts = 'Too many login attempts. Please wait a few minutes and try again.';
export const tooManyResetRequests = 'Too many password reset requests. Please wait a few minutes and try again.';
export const tooManyResetAttempts = 'Too many password reset attempts. Please wait a few minutes and try again.';
export const tooManySignUps = 'Too many sign-ups from this address. Please wait a few minutes and try again.';
export const tooManyVerificationMails = 'Too many verification mails asked for. Please wait a few minutes and try again.';
export const tooManyVerifyAttempts = 'Too many verification attempts. Please wait a few minutes and try again.';
export const tooManyInvitations = 'Too many invitations to this address. Please wait a few minutes and try again.';
export const tooManyChanges = 'Too many changes to this project in a short while. Please wait a few minutes and try again.';

/** Every window is 15 minutes; the figures are documented in docs/security.md. */
export const limitFigures = {
  /** Wrong passwords for one e-mail from one address: as slow as guessing ever was. */
  loginPerEmailAndAddress: 5,
  /** Wrong passwords for one e-mail from all addresses: high enough that a stranger cannot lock the owner out with a handful. */
  loginPerEmail: 100,
  /** Wrong passwords from one address, whatever the e-mail. */
  loginPerAddress: 20,
  /** Reset mails asked for, counted whether or not the account exists. */
  resetMailsPerEmail: 5,
  resetMailsPerAddress: 20,
  /** Reset links submitted with an unknown, used or expired token. */
  resetSubmissionsPerAddress: 20,
  /** Sign-ups that reach the password hashing (each costs an argon2 hash). */
  signUpsPerAddress: 30,
  /** Verification mails an account asks for again (the sign-up's own is not counted). */
  verificationMailsPerAccount: 3,
  /** Verification links submitted with an unknown, used or expired token. */
  verifySubmissionsPerAddress: 20,
  /**
   * Changes one member asks of one project (every operation of a project but its reads): far above
   * what a person does in 15 minutes, it bounds what one member can write, audit entries and mails
   * included, even when each change is refused.
   */
  changesPerMember: 120,
  /**
   * Invitation mails from one project to one address: no owner can flood an inbox by inviting and
   * revoking, and no other project's invites are held up by them.
   */
  invitationsPerEmail: 3,
} as const;

function createLimiters() {
  const limiter = (limit: number) => new AttemptLimiter(limit, fifteenMinutes);
  return {
    loginPerEmailAndAddress: limiter(limitFigures.loginPerEmailAndAddress),
    loginPerEmail: limiter(limitFigures.loginPerEmail),
    loginPerAddress: limiter(limitFigures.loginPerAddress),
    resetMailsPerEmail: limiter(limitFigures.resetMailsPerEmail),
    resetMailsPerAddress: limiter(limitFigures.resetMailsPerAddress),
    resetSubmissionsPerAddress: limiter(limitFigures.resetSubmissionsPerAddress),
    signUpsPerAddress: limiter(limitFigures.signUpsPerAddress),
    verificationMailsPerAccount: limiter(limitFigures.verificationMailsPerAccount),
    verifySubmissionsPerAddress: limiter(limitFigures.verifySubmissionsPerAddress),
    changesPerMember: limiter(limitFigures.changesPerMember),
    invitationsPerEmail: limiter(limitFigures.invitationsPerEmail),
  };
}

type Limiters = ReturnType<typeof createLimiters>;

export type LoginLimits = Limiters & {
  /** Counts one attempt under every slot when each has room (see AttemptStore). */
  reserve(slots: readonly Slot[], now: Date): Promise<ReserveOutcome>;
  reset(limiter: AttemptLimiter, key: string): void;
};

/**
 * The sign-in limits, counted in this process (the default) or by a shared store (Redis, given the
 * limiters and their names: `store` builds it, server/app.ts). The local limiters always exist: the
 * shared store falls back to them.
 */
export function createLoginLimits(store?: (limiters: Limiters, names: ReadonlyMap<AttemptLimiter, string>) => AttemptStore): LoginLimits {
  const limiters = createLimiters();
  const names = new Map<AttemptLimiter, string>(Object.entries(limiters).map(([name, limiter]) => [limiter, name]));
  const counts = store === undefined ? localAttempts : store(limiters, names);
  return { ...limiters, reserve: (slots, now) => counts.reserve(slots, now), reset: (limiter, key) => counts.reset(limiter, key) };
}

/** The key of an e-mail and an address together (an e-mail holds no line break). */
function pairKey(email: string, address: string): string {
  return `${email}\n${address}`;
}

/** Counts a login attempt before its password is checked; a success takes it back (see loginSucceeded). */
export function reserveLogin(limits: LoginLimits, email: string, address: string, now: Date): Promise<ReserveOutcome> {
  return limits.reserve(
    [
      [limits.loginPerEmailAndAddress, pairKey(email, address)],
      [limits.loginPerEmail, email],
      [limits.loginPerAddress, address],
    ],
    now,
  );
}

/** The right password: the failures of this e-mail from this address are forgiven, as before. */
export function loginSucceeded(limits: LoginLimits, email: string, address: string): void {
  limits.reset(limits.loginPerEmailAndAddress, pairKey(email, address));
}

/**
 * Counts one change of a member to a project (any method but GET, of an operation the roles table
 * scopes to a project) before its body is read: 429 with Retry-After past changesPerMember.
 */
export async function reserveChange(limits: LoginLimits, projectId: number, userId: number, now: Date): Promise<ReserveOutcome> {
  return limits.reserve([[limits.changesPerMember, `${projectId}:${userId}`]], now);
}
