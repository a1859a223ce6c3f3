import ipaddr from 'ipaddr.js';

/** Parsers for configuration values: each names the variable and the bad value when it refuses one. */

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

type Env = Record<string, string | undefined>;

/** The trimmed value, or undefined when unset or blank (an empty variable means "use the default"). */
export function readVar(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function parsePort(name: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError(name, `${name}="${value}" is not a valid port: use a whole number from 0 to 65535.`);
  }
  return port;
}

export function parseInteger(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigError(name, `${name}="${value}" is not valid: use a whole number from ${min} to ${max}.`);
  }
  return number;
}

/** An absolute http(s) URL, without a trailing slash so paths can be appended. */
export function parseHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `${name}="${value}" is not a valid URL: use an absolute http:// or https:// address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `${name}="${value}" is not a valid URL: only http:// and https:// are allowed.`);
  }
  return value.replace(/\/+$/, '');
}

export function parseUrlWithProtocols(name: string, value: string, protocols: readonly string[]): string {
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new ConfigError(name, `${name} is not a valid URL (the value is not shown because it may hold a password).`);
  }
  if (!protocols.includes(protocol)) {
    throw new ConfigError(name, `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}.`);
  }
  return value;
}

const emailPattern = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[A-Za-z]{2,}$/;

export function parseEmail(name: string, value: string): string {
  if (!emailPattern.test(value) || value.length > 254) {
    throw new ConfigError(name, `${name}="${value}" is not a valid e-mail address.`);
  }
  return value;
}

export function parseOneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined) {
    throw new ConfigError(name, `${name}="${value}" is not valid: use one of ${allowed.join(', ')}.`);
  }
  return match;
}

/** Hostnames and IP literals only: a host is interpolated into the default PUBLIC_URL. */
export function parseHost(name: string, value: string): string {
  if (!/^[A-Za-z0-9.-]+$/.test(value) && !/^[0-9A-Fa-f:]+$/.test(value)) {
    throw new ConfigError(name, `${name}="${value}" is not a valid host name or IP address.`);
  }
  return value;
}

/** A comma-separated list of IP addresses and CIDRs (IPv4 or IPv6), each checked. */
export function parseAddressList(name: string, value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry)) {
      throw new ConfigError(name, `${name}: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.1, 10.0.0.0/8, ::1).`);
    }
  }
  return entries;
}
