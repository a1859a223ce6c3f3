import escapeHtml from 'escape-html';
import { htmlPage, htmlPagePolicy } from '@server/shared/html-page';

/** Pages of the local development provider: plain HTML, no script, one hashed inline style. */

export const chooserTitle = 'Development sign-in — stands in for Google';

const style = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1a202c}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:32px;
width:min(400px,calc(100vw - 32px));box-sizing:border-box}
h1{font-size:1.3rem;margin:0 0 12px}
p{line-height:1.5;margin:0 0 16px;color:#4a5568}
label{display:block;font-weight:600;margin-bottom:6px}
input{width:100%;box-sizing:border-box;padding:10px 12px;font-size:1rem;border:1px solid #cbd5e0;border-radius:8px}
.error{color:#c53030;margin:8px 0 0}
.actions{display:flex;gap:12px;margin-top:20px}
button{flex:1;padding:10px 12px;font-size:1rem;border-radius:8px;border:1px solid #3182ce;cursor:pointer}
button[value=continue]{background:#3182ce;color:#fff}
button[value=cancel]{background:#fff;color:#3182ce}
a{color:#3182ce}`;

/** The pages' own policy (see htmlPagePolicy): their stylesheet, and forms that post back here. */
export const pageContentSecurityPolicy = htmlPagePolicy({ style, formAction: ["'self'"] });

const page = (title: string, main: string): string => htmlPage({ title, style, main });

export interface ChooserPageOptions {
  /** Where the form posts: the interaction's own URL. */
  action: string;
  email: string;
  error?: string;
}

export function renderChooserPage({ action, email, error }: ChooserPageOptions): string {
  const errorParagraph = error === undefined ? '' : `<p class="error" id="email-error" role="alert">${escapeHtml(error)}</p>`;
  const describedBy = error === undefined ? '' : ' aria-describedby="email-error" aria-invalid="true"';
  return page(
    chooserTitle,
    `<h1>${escapeHtml(chooserTitle)}</h1>
<p>This server has no Google credentials, so this page plays Google's part. Enter any e-mail address to sign in as that address; it counts as verified. It signs in only to accounts created on this page: an account with a password signs in with its password.</p>
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(email)}"${describedBy}>
${errorParagraph}
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

export function renderProblemPage(message: string, backUrl: string): string {
  const title = 'Development sign-in — something went wrong';
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(backUrl)}">Back to sign in</a></p>`,
  );
}
