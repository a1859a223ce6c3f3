import escapeHtml from 'escape-html';
import { htmlPage, htmlPagePolicy } from '@server/shared/html-page';

/**
 * The test-mode provider's pages: plain HTML, one stylesheet and (card forms) one small script, each
 * allowed by its hash. The forms work without the script; it only formats what is typed.
 */

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
form.inline{display:inline}
details{margin:0 0 14px}
summary{cursor:pointer;color:#2b6cb0;font-weight:600;margin-bottom:8px}
.after-table{margin-top:16px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.success{background:#f0fff4;color:#22543d;border:1px solid #2f855a;border-radius:8px;padding:12px;margin:0 0 16px}`;

/**
 * Formats the card fields as they are typed, as card forms do: the number in groups of 4, the
 * expiry as 'MM / YY' (a first digit 2-9 is a month: '4' → '04 / '; '1/' → '01 / '; a 4-digit year stays).
 * The server accepts every spelling anyway (test-cards.ts parseExpiry), so this is comfort only.
 */
export const cardFormScript = `(function () {
  function digits(text) { return text.replace(/\\D/g, ''); }
  function keep(input, value) { if (input.value !== value) input.value = value; }
  document.querySelectorAll('input[name=cardNumber]').forEach(function (input) {
    input.addEventListener('input', function () {
      keep(input, digits(input.value).slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 '));
    });
  });
  document.querySelectorAll('input[name=expiry]').forEach(function (input) {
    input.addEventListener('input', function (event) {
      var deleting = typeof event.inputType === 'string' && event.inputType.indexOf('delete') === 0;
      var parts = /^\\s*(\\d{1,2})\\s*[\\/.\\s-]+\\s*(\\d*)\\s*$/.exec(input.value);
      var d = (parts ? ('0' + parts[1]).slice(-2) + parts[2] : digits(input.value)).slice(0, 6);
      if (d.length === 1 && d > '1') d = '0' + d;
      if (d.length > 2) keep(input, d.slice(0, 2) + ' / ' + d.slice(2));
      else if (d.length === 2 && !deleting) keep(input, d + ' / ');
      else keep(input, d);
    });
  });
})();`;

/**
 * The app's policy is for the SPA; these pages carry their own (see htmlPagePolicy): exactly this
 * stylesheet and the card script, and forms that post here and are redirected on to the dashboard.
 */
export function testModeContentSecurityPolicy(publicUrl: string): string {
  return htmlPagePolicy({ style, script: cardFormScript, formAction: ["'self'", new URL(publicUrl).origin] });
}

const banner =
  '<header><p class="muted"><strong>Test mode</strong> — payments on this server are simulated; no real card is ever charged.</p></header>';

/** Every page: its title (also the one h1), a test-mode banner, the main content, and its script if it has one. */
export function page(title: string, body: string, script?: typeof cardFormScript): string {
  return htmlPage({ title, style, header: banner, main: `<h1>${escapeHtml(title)}</h1>\n${body}`, script });
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
