import { paths } from '@/domain/paths';

/**
 * The one rule for secrets in logs: any text (a URL, a message, a stack, a whole JSON log line)
 * with every API key, token, code and password replaced by `[redacted]`, the rest kept as it was,
 * so a line still says which method, path and status it was about. Masks never contain a quote
 * or a backslash, so a JSON line stays JSON.
 */
export const redacted = '[redacted]';

/** Where a secret ends in a URL or in text: a separator, a quote, a JSON escape or white space. */
const secretChars = String.raw`[^\s/?#&;"'\\<>]+`;

/** The SPA's reset link up to its token, '/reset-password/' (letters, hyphens and slashes: nothing a RegExp reads as syntax). */
const resetLinkStart = `${paths.resetPasswordWithoutToken}/`;

/** Query (or fragment) parameters whose value is a secret, compared after percent-decoding. */
const secretParams = new Set([
  'token',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'id_token',
  'api-key',
  'api_key',
  'apikey',
  'key',
  'password',
  'client_secret',
  'code_verifier',
  'nonce',
  'session',
]);

/** JSON fields (headers, bodies) whose value is a secret, case-insensitive. */
const secretFields = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'api_key',
  'apikey',
  'password',
  'newPassword',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'secret',
];

/** A JSON string literal (escapes included). */
const jsonString = String.raw`"(?:[^"\\]|\\.)*"`;

type Replacement = string | ((match: string, ...groups: string[]) => string);

/** A pattern and its mask, tried only on text (lower-cased) holding one of its triggers: most lines hold none. */
interface Rule {
  readonly triggers: readonly string[];
  readonly pattern: RegExp;
  readonly replacement: Replacement;
}

const fieldNames = secretFields.join('|');
const fieldTriggers = ['authorization', 'cookie', 'api-key', 'api_key', 'apikey', 'password', 'token', 'secret'];

const rules: readonly Rule[] = [
  // The key segment of a gateway path, whatever it looks like (mistyped, percent-encoded); paths are case-sensitive.
  { triggers: ['/v1/'], pattern: new RegExp(String.raw`(/v1/[^\s/?#"'\\<>]+/)${secretChars}`, 'g'), replacement: `$1${redacted}` },
  // An API key anywhere else: a query, a message, another path.
  { triggers: ['rpk_'], pattern: /rpk_[^\s/?#&;,)"'\\<>]*/gi, replacement: `rpk_${redacted}` },
  // The SPA's reset link, and the local OpenID provider's interaction and resume ids.
  { triggers: [resetLinkStart], pattern: new RegExp(`(${resetLinkStart})${secretChars}`, 'gi'), replacement: `$1${redacted}` },
  { triggers: ['/oidc/'], pattern: new RegExp(`(/oidc/(?:interaction|auth)/)${secretChars}`, 'gi'), replacement: `$1${redacted}` },
  // ?token=…, &code=…, #access_token=…: by name, also when the name is percent-encoded.
  {
    triggers: ['='],
    pattern: /([?&;#])([^\s=&;#?"'\\<>]+)=([^\s&;#"'\\<>]*)/g,
    replacement: (match: string, separator: string, name: string) =>
      secretParams.has(decodedName(name)) ? `${separator}${name}=${redacted}` : match,
  },
  // Credentials in a URL (smtp://user:password@host).
  { triggers: ['://'], pattern: /(:\/\/[^\s/:@"'\\<>]+:)[^\s/@"'\\<>]+@/g, replacement: `$1${redacted}@` },
  // Authorization header values written out as text (long enough not to be prose: "Basic plan").
  { triggers: ['bearer', 'basic'], pattern: /\b(Bearer|Basic) +[A-Za-z0-9._~+/-]{16,}=*/gi, replacement: `$1 ${redacted}` },
  // A Redis command's arguments, which a client's error carries (`command: { name, args }`): the
  // connection's HELLO/AUTH holds REDIS_URL's password, others the keys and values sent.
  {
    triggers: ['"args"'],
    pattern: new RegExp(String.raw`("args"\s*:\s*)\[(?:[^\[\]"]|${jsonString}|\[(?:[^\[\]"]|${jsonString})*\])*\]`, 'g'),
    replacement: `$1"${redacted}"`,
  },
  // "authorization":"…" (or an array of strings, as set-cookie can be).
  {
    triggers: fieldTriggers,
    pattern: new RegExp(String.raw`("(?:${fieldNames})"\s*:\s*)(?:${jsonString}|\[(?:[^\]"]|${jsonString})*\])`, 'gi'),
    replacement: `$1"${redacted}"`,
  },
  // The same inside a JSON string (\"token\":\"…\"), e.g. an error message quoting a request body.
  {
    triggers: fieldTriggers,
    pattern: new RegExp(String.raw`(\\"(?:${fieldNames})\\"\s*:\s*)\\"(?:[^"\\]|\\[^"])*(\\"|(?=")|$)`, 'gi'),
    replacement: String.raw`$1\"${redacted}$2`,
  },
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
  // Masks add no trigger, so the triggers of the original text tell every rule that can apply.
  const lower = text.toLowerCase();
  let result = text;
  for (const { triggers, pattern, replacement } of rules) {
    if (!triggers.some((trigger) => lower.includes(trigger))) continue;
    result = typeof replacement === 'string' ? result.replace(pattern, replacement) : result.replace(pattern, replacement);
  }
  return result;
}
