import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';

/**
 * The one shell of the server's own HTML pages (the OpenID stand-in's interaction pages and the
 * test-mode payment pages): plain HTML, not indexed, one inline stylesheet and at most one inline
 * script, each allowed by its hash in the page's own content security policy (the app's policy is
 * for the SPA and forbids inline code). The title is escaped here; `header` and `main` are markup
 * the caller built, escaping what it interpolated.
 */
export interface HtmlPage {
  readonly title: string;
  readonly style: string;
  /** Markup before `<main>`, e.g. a banner. */
  readonly header?: string;
  /** The markup inside `<main>`. */
  readonly main: string;
  readonly script?: string;
}

export function htmlPage({ title, style, header, main, script }: HtmlPage): string {
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
${header === undefined ? '' : `${header}\n`}<main>
${main}
</main>
${script === undefined ? '' : `<script>${script}</script>\n`}</body>
</html>`;
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The policy of pages built by `htmlPage`: exactly their stylesheet (and script, if they have one)
 * by hash, forms that post only to `formAction`, nothing else loaded, never framed.
 */
export function htmlPagePolicy({ style, script, formAction }: { style: string; script?: string; formAction: readonly string[] }): string {
  return [
    "default-src 'none'",
    `style-src ${hashSource(style)}`,
    ...(script === undefined ? [] : [`script-src ${hashSource(script)}`]),
    `form-action ${formAction.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
