/**
 * What /signup leaves in the history entry of /login after creating an account: its e-mail, so
 * /login can say the account exists and fill the field. Never the password. History state rather
 * than a query parameter keeps the address out of the URL (server logs, shared links, browser
 * history sync); it stays with that entry (a reload keeps it, a new tab does not).
 */
export interface AccountCreatedState {
  accountCreated: { email: string };
}

export const accountCreatedState = (email: string): AccountCreatedState => ({ accountCreated: { email } });

/** The e-mail handed over, or null when the history entry holds none (or something else). */
export function accountCreatedEmail(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('accountCreated' in state)) return null;
  const created = state.accountCreated;
  if (typeof created !== 'object' || created === null || !('email' in created)) return null;
  const { email } = created;
  return typeof email === 'string' && email.trim() !== '' ? email.trim() : null;
}

/** The notice over the login form; the e-mail is shown apart so that it can wrap at its own points. */
export const ACCOUNT_CREATED_BEFORE = 'Your account';
export const ACCOUNT_CREATED_AFTER = 'has been created. Log in to continue.';
export const accountCreatedText = (email: string) => `${ACCOUNT_CREATED_BEFORE} ${email} ${ACCOUNT_CREATED_AFTER}`;
