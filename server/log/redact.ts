/**
 * The one rule for secrets in logs: any text (a URL, a message, a stack, a whole JSON log line)
 * with every API key, token, code and password replaced by `[redacted]`, the rest kept as it was,
 * so a line still says which method, path and status it was about. Masks never contain a quote
 * or a backslash, so a JSON line stays JSON.
 */
export const redacted = '[redacted]';

/** Where a secret ends in a URL or in text: a separator, a quote, a JSON escape or white space. */
const secretChars = String.raw`[^\s/?#&;"'\\<>]+`;

/** Query (or fragment) parameters whose value is a secret, compared after percent-decoding. */
const secretParams = new Set([
  'token', 'code', 'state', 'access_token', 'refresh_token', 'id_token', 'api-key', 'api_key', 'apikey', 'key',
  'password', 'client_secret', 'code_verifier', 'nonce', 'session',
]);

/** JSON fields (headers, bodies) whose value is a secret, case-insensitive. */
const secretFields = [
  'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key', 'api_key', 'apikey',
  'password', 'newPassword', 'token', 'access_token', 'refresh_token', 'id_token', 'client_secret', 'secret',
];

/** A JSON string literal (escapes included). */
const jsonString = String.raw`"(?:[^"\\]|\\.)*"`;

type Rule = readonly [RegExp, string | ((match: string, ...groups: string[]) => string)];

const fieldNames = secretFields.join('|');

const rules: readonly Rule[] = [
  // The key segment of a gateway path, whatever it looks like (mistyped, percent-encoded).
  [new RegExp(String.raw`(/v1/[^\s/?#"'\\<>]+/)${secretChars}`, 'gi'), `$1${redacted}`],
  // An API key anywhere else: a query, a message, another path.
  [new RegExp(String.raw`rpk_[^\s/?#&;,)"'\\<>]*`, 'gi'), `rpk_${redacted}`],
  // The SPA's reset link, and the local OpenID provider's interaction and resume ids.
  [new RegExp(`(/reset-password/)${secretChars}`, 'gi'), `$1${redacted}`],
  [new RegExp(`(/oidc/(?:interaction|auth)/)${secretChars}`, 'gi'), `$1${redacted}`],
  // ?token=…, &code=…, #access_token=…: by name, also when the name is percent-encoded.
  [/([?&;#])([^\s=&;#?"'\\<>]+)=([^\s&;#"'\\<>]*)/g, (match: string, separator: string, name: string) =>
    secretParams.has(decodedName(name)) ? `${separator}${name}=${redacted}` : match],
  // Credentials in a URL (smtp://user:password@host).
  [/([a-z][a-z0-9+.-]*:\/\/[^\s/:@"'\\<>]+:)[^\s/@"'\\<>]+@/gi, `$1${redacted}@`],
  // Authorization header values written out as text (long enough not to be prose: "Basic plan").
  [/\b(Bearer|Basic) +[A-Za-z0-9._~+/-]{16,}=*/gi, `$1 ${redacted}`],
  // "authorization":"…" (or an array of strings, as set-cookie can be).
  [new RegExp(String.raw`("(?:${fieldNames})"\s*:\s*)(?:${jsonString}|\[(?:[^\]"]|${jsonString})*\])`, 'gi'), `$1"${redacted}"`],
  // The same inside a JSON string (\"token\":\"…\"), e.g. an error message quoting a request body.
  [new RegExp(String.raw`(\\"(?:${fieldNames})\\"\s*:\s*)\\"(?:[^"\\]|\\[^"])*(\\"|(?=")|$)`, 'gi'), String.raw`$1\"${redacted}$2`],
];

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** `text` with every secret masked (see the rules above). */
export function redactSecrets(text: string): string {
  let result = text;
  for (const [pattern, replacement] of rules) {
    result = typeof replacement === 'string' ? result.replace(pattern, replacement) : result.replace(pattern, replacement);
  }
  return result;
}
