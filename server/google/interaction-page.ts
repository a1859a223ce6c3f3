import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';

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

/**
 * The app's CSP forbids inline styles, so these pages carry their own policy that allows exactly
 * this stylesheet by hash, and nothing else: no script, no external resource.
 */
export const pageContentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

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
