/**
 * The page to return to after login, taken from the URL, so only a path of this app is accepted:
 * '/x' but not '//host/x' or '/\host' (browsers read both as another origin), and nothing with
 * control characters (URL parsers drop tabs and newlines, which could turn '/\t/host' into '//host').
 * `excluded` are paths where returning makes no sense (the login page itself would loop).
 */
export function safeReturnPath(raw: string | null | undefined, excluded: readonly string[] = []): string | null {
  if (!raw?.startsWith('/')) return null;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/\p{Cc}/u.test(raw)) return null;
  const pathname = raw.split(/[?#]/)[0] ?? raw;
  if (excluded.includes(pathname)) return null;
  return raw;
}
