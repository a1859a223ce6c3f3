/**
 * package.json and package-lock.json as the release build reads them: parsed, then checked field
 * by field (a file npm or a person left in another shape stops the build, naming the field), never
 * cast.
 */
import { isObject, type JsonObject } from '@server/openapi/json';
import type { LockedPackage, Lockfile } from '@server/release-lock';

/** What the release takes from the project's package.json. */
export interface ProjectPackage {
  readonly name: string;
  readonly version: string;
  readonly engines?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly overrides?: Readonly<Record<string, unknown>>;
}

function fail(file: string, field: string, expected: string): never {
  throw new Error(`${file}: ${field} must be ${expected}`);
}

function parsed(file: string, text: string): JsonObject {
  const value: unknown = JSON.parse(text);
  return isObject(value) ? value : fail(file, 'the document', 'a JSON object');
}

function text(file: string, object: JsonObject, field: string): string {
  const value = object[field];
  return typeof value === 'string' ? value : fail(file, field, 'a string');
}

/** `label` names the field in a refusal (a nested one with its path). */
function optionalStrings(file: string, object: JsonObject, field: string, label = field): Readonly<Record<string, string>> | undefined {
  const value = object[field];
  if (value === undefined) return undefined;
  if (!isObject(value) || !Object.values(value).every((entry) => typeof entry === 'string'))
    return fail(file, label, 'an object of strings');
  return Object.fromEntries(Object.entries(value).flatMap(([key, entry]) => (typeof entry === 'string' ? [[key, entry]] : [])));
}

function optionalFlag(file: string, object: JsonObject, field: string, label = field): boolean | undefined {
  const value = object[field];
  if (value === undefined || typeof value === 'boolean') return value;
  return fail(file, label, 'true or false');
}

export function readProjectPackage(json: string): ProjectPackage {
  const file = 'package.json';
  const project = parsed(file, json);
  const engines = optionalStrings(file, project, 'engines');
  const dependencies = optionalStrings(file, project, 'dependencies');
  const overrides = project.overrides;
  if (overrides !== undefined && !isObject(overrides)) fail(file, 'overrides', 'an object');
  return {
    name: text(file, project, 'name'),
    version: text(file, project, 'version'),
    ...(engines === undefined ? {} : { engines }),
    ...(dependencies === undefined ? {} : { dependencies }),
    ...(overrides === undefined ? {} : { overrides }),
  };
}

function lockedPackage(path: string, value: unknown): LockedPackage {
  const file = 'package-lock.json';
  const where = `packages["${path}"]`;
  if (!isObject(value)) return fail(file, where, 'an object');
  const version = value.version;
  if (version !== undefined && typeof version !== 'string') fail(file, `${where}.version`, 'a string');
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'])
    optionalStrings(file, value, field, `${where}.${field}`);
  for (const field of ['dev', 'devOptional', 'optional']) optionalFlag(file, value, field, `${where}.${field}`);
  const meta = value.peerDependenciesMeta;
  if (meta !== undefined && (!isObject(meta) || !Object.values(meta).every(isObject)))
    fail(file, `${where}.peerDependenciesMeta`, 'an object of objects');
  // Checked above: the fields the cut reads have their types; the rest is kept as it is.
  return value;
}

export function readLockfile(json: string): Lockfile {
  const file = 'package-lock.json';
  const lock = parsed(file, json);
  const lockfileVersion = lock.lockfileVersion;
  if (typeof lockfileVersion !== 'number') fail(file, 'lockfileVersion', 'a number');
  const packages = lock.packages;
  if (!isObject(packages)) return fail(file, 'packages', 'an object');
  const requires = optionalFlag(file, lock, 'requires');
  return {
    name: text(file, lock, 'name'),
    version: text(file, lock, 'version'),
    lockfileVersion,
    ...(requires === undefined ? {} : { requires }),
    packages: Object.fromEntries(Object.entries(packages).map(([path, entry]) => [path, lockedPackage(path, entry)])),
  };
}
