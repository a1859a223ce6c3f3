/** A value a beforeAll sets, read by a test: a clear error where it is read too early (or its beforeAll failed). */
export function setUpValue<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is read before its beforeAll ran (or the beforeAll failed)`);
  return value;
}
