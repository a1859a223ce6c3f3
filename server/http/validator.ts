import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = {
  // Unknown fields are refused (additionalProperties: false), never silently dropped.
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  // OpenAPI 3.1 writes nullable values as type: [string, 'null'].
  allowUnionTypes: true,
};

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...shared, ...options });
  addFormats(ajv);
  return ajv;
}

/** The key of a route in `optionalBodies`: 'POST /api/apiKeys'. */
export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** Completes 'body/name …' (see validation-message.ts). */
export const nulCharacterMessage = 'must not contain the NUL character';

/** RFC 6901: how a property name is written in an instancePath. */
const pointerToken = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** Completes 'params/id …': Ajv checks minimum and maximum on finite numbers only. */
export const finiteNumberMessage = 'must be a finite number';

/**
 * The instancePath of the first value (or property name) that `isBad` refuses, or null. Iterative,
 * so that a deeply nested body cannot overflow the stack before its schema refuses it.
 */
function firstPath(data: unknown, isBad: (value: unknown) => boolean, checkNames: boolean): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: data, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (isBad(value)) return path;
    if (typeof value === 'object' && value !== null) {
      for (const [name, child] of Object.entries(value)) {
        if (checkNames && isBad(name)) return path;
        pending.push({ value: child, path: `${path}/${pointerToken(name)}` });
      }
    }
  }
  return null;
}

const holdsNul = (value: unknown) => typeof value === 'string' && value.includes('\0');
const isInfinite = (value: unknown) => typeof value === 'number' && !Number.isFinite(value);

/** The instancePath of the first string (or property name) holding U+0000, or null. */
export function nulCharacterPath(data: unknown): string | null {
  return firstPath(data, holdsNul, true);
}

/**
 * The instancePath of the first number that is not finite, or null: `1e999` or a 309-digit id in a
 * path coerces to Infinity, which Ajv's integer type and maximum let through (NaN never gets this far).
 */
export function infiniteNumberPath(data: unknown): string | null {
  return firstPath(data, isInfinite, false);
}

/**
 * Bodies are JSON and keep their types ("5" is not a number); path and query strings are text,
 * so they are coerced to the schema's type (`/apiKeys/5` → id 5). `optionalBodies`: routes
 * (see routeKey) whose body may be left out entirely (requestBody.required: false).
 *
 * Before its schema, every part of every request is searched for U+0000: PostgreSQL text cannot
 * hold it (error 22021), so a NUL that reached SQL would answer 500. Refusing it here answers 400
 * naming the field, for every operation at once. After it, for infinite numbers, which SQL refuses too.
 */
export function createValidatorCompiler(optionalBodies: ReadonlySet<string>): FastifySchemaCompiler<unknown> {
  const bodyAjv = createAjv({ coerceTypes: false });
  const textAjv = createAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart, method, url }) => {
    const validate = (httpPart === 'body' ? bodyAjv : textAjv).compile(schemaObject(schema));
    const mayBeAbsent = httpPart === 'body' && optionalBodies.has(routeKey(method, url));
    let ownErrors: ErrorObject[] | null = null;
    const refuse = (keyword: string, instancePath: string, message: string) => {
      ownErrors = [{ keyword, instancePath, schemaPath: '', params: {}, message }];
      return false;
    };
    const validator = (data: unknown) => {
      ownErrors = null;
      // Fastify hands a missing body over as null.
      if (mayBeAbsent && (data === undefined || data === null)) return true;
      const nulPath = nulCharacterPath(data);
      if (nulPath !== null) return refuse('nulCharacter', nulPath, nulCharacterMessage);
      if (!validate(data)) return false;
      // After validation: path and query values are numbers only once coerced.
      const infinitePath = infiniteNumberPath(data);
      return infinitePath === null || refuse('finiteNumber', infinitePath, finiteNumberMessage);
    };
    return Object.defineProperty(validator, 'errors', { get: () => ownErrors ?? validate.errors });
  };
}

function schemaObject(schema: unknown): object {
  if (typeof schema !== 'object' || schema === null) throw new Error('A route schema must be an object');
  return schema;
}
