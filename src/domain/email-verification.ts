/**
 * Texts of e-mail verification: the /verify-email screen and the notice of the signed-in layout
 * while the account's address is unverified (until then the server mails it nothing but the link).
 */

export const VERIFY_INVALID_LINK = 'This verification link has no token. Open the link from the mail again, or ask for a new one.';
export const VERIFY_FALLBACK = 'Failed to verify your e-mail address. Please try again.';
export const VERIFY_DONE = 'Your e-mail address is verified. Usage alerts will now reach you.';

export const VERIFICATION_NOTICE_TITLE = 'Please verify your e-mail address';
export const RESEND_FALLBACK = 'Failed to send a new verification link. Please try again.';
export const RESEND_DONE = 'A new verification link is on its way. It works once, for 24 hours.';

/** What is waiting on the address: the notice's text. */
export function verificationNoticeText(email: string): string {
  return `We sent a verification link to ${email}. Until you open it, we send no mail to this address: usage alerts are held back, and none is sent later.`;
}
