import { ConfigError, readVar } from '@server/config-values';

/** The environment the settings are read from. */
export type Env = Record<string, string | undefined>;

/** Reads settings, keeping every refusal instead of stopping at the first, so one start-up names them all. */
export class SettingsReader {
  readonly problems: ConfigError[] = [];

  constructor(private readonly env: Env) {}

  value(name: string): string | undefined {
    return readVar(this.env, name);
  }

  /** The parsed value (or the parsed fallback); on a refusal, notes it and answers `invalid`. */
  read<T>(name: string, fallback: string | undefined, parse: (name: string, value: string) => T, invalid: T): T {
    const value = this.value(name) ?? fallback;
    if (value === undefined) return invalid;
    try {
      return parse(name, value);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.problems.push(error);
      return invalid;
    }
  }

  optional<T>(name: string, parse: (name: string, value: string) => T): T | null {
    return this.read<T | null>(name, undefined, parse, null);
  }

  refuse(name: string, message: string): void {
    this.problems.push(new ConfigError(name, message));
  }
}
