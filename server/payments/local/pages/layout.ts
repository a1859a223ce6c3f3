import { createHash } from 'node:crypto';

/** The test-mode provider's pages: plain HTML, no script, one stylesheet allowed by its hash. */

// Colours pass WCAG AA on white (#1a202c 16:1, #4a5568 7.5:1, #2b6cb0 5.7:1, #c53030 5.9:1, #744210 on #fefcbf 7:1).
const style = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1a202c;line-height:1.5}
header,main,footer{width:min(560px,100%);margin:0 auto;padding:16px}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:24px}
h1{font-size:1.4rem;margin:0 0 12px}
h2{font-size:1.1rem;margin:24px 0 8px}
p{margin:0 0 12px}
.muted{color:#4a5568}
.notice{background:#fefcbf;color:#744210;border:1px solid #d69e2e;border-radius:8px;padding:12px;margin:0 0 16px}
.alert{background:#fff5f5;color:#c53030;border:1px solid #c53030;border-radius:8px;padding:12px;margin:0 0 16px}
.price{font-size:1.6rem;font-weight:700;margin:0}
.field{margin:0 0 14px}
.row{display:flex;gap:12px;flex-wrap:wrap}
.row .field{flex:1 1 200px}
label,legend{display:block;font-weight:600;margin-bottom:4px}
input,select{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #718096;border-radius:8px;background:#fff;color:#1a202c}
input[aria-invalid=true]{border-color:#c53030;border-width:2px}
.error{color:#c53030;margin:4px 0 0;font-size:.95rem}
.hint{color:#4a5568;margin:4px 0 0;font-size:.9rem}
button{padding:10px 16px;font-size:1rem;border-radius:8px;border:1px solid #2b6cb0;background:#2b6cb0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#2b6cb0}
.actions{display:flex;gap:12px;align-items:center;flex-wrap:wrap;margin-top:16px}
a{color:#2b6cb0}
:focus-visible{outline:3px solid #1a202c;outline-offset:2px}
table{width:100%;border-collapse:collapse;font-size:.95rem}
caption{text-align:left;font-weight:600;margin-bottom:4px}
th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #e2e8f0}
td.amount{text-align:right}
td.nowrap{white-space:nowrap}
th.amount{text-align:right}
.clock{border:2px dashed #718096;border-radius:8px;padding:12px 16px;margin-top:24px}
.clock h2{margin-top:0}
form.inline{display:inline}`;

const styleHash = createHash('sha256').update(style).digest('base64');

/**
 * The app's policy is for the SPA; these pages carry their own: exactly this stylesheet, no script
 * or other resource, and forms that post here and are redirected on to the dashboard.
 */
export function testModeContentSecurityPolicy(publicUrl: string): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    `form-action 'self' ${new URL(publicUrl).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** Every page: its title (also the one h1), a test-mode banner, the main content. */
export function page(title: string, body: string): string {
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
<header><p class="muted"><strong>Test mode</strong> — payments on this server are simulated; no real card is ever charged.</p></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/** A page that says what went wrong and where to go back to. */
export function problemPage(title: string, message: string, back: { href: string; text: string }): string {
  return page(title, `<p role="alert">${escapeHtml(message)}</p>\n<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p>`);
}

const dates = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'March 15, 2030' (UTC, as the server counts billing periods). */
export function formatDate(date: Date): string {
  return dates.format(date);
}
