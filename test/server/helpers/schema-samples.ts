import { isObject, objectAt, type JsonObject } from '@server/openapi/json';

/** Where a value sits in a request part: ['domains', '0'] for body/domains/0. */
export type FieldPath = readonly string[];

function types(schema: JsonObject): unknown[] {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A value of the schema's shape: every property, one item per array, an enum's first value, strings 'x'. */
export function sampleOf(schema: JsonObject): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const kinds = types(schema);
  if (kinds.includes('object')) {
    return Object.fromEntries(
      Object.entries(objectAt(schema, 'properties') ?? {}).map(([name, child]) => [name, sampleOf(isObject(child) ? child : {})]),
    );
  }
  if (kinds.includes('array')) return [sampleOf(objectAt(schema, 'items') ?? {})];
  if (kinds.includes('string')) return 'x';
  if (kinds.includes('integer') || kinds.includes('number')) return 1;
  if (kinds.includes('boolean')) return true;
  return null;
}

/** The path of every string of sampleOf(schema) (enum strings included). */
export function stringFields(schema: JsonObject, at: FieldPath = []): FieldPath[] {
  const kinds = types(schema);
  if (kinds.includes('object')) {
    return Object.entries(objectAt(schema, 'properties') ?? {}).flatMap(([name, child]) =>
      stringFields(isObject(child) ? child : {}, [...at, name]),
    );
  }
  if (kinds.includes('array')) return stringFields(objectAt(schema, 'items') ?? {}, [...at, '0']);
  return kinds.includes('string') ? [at] : [];
}

/** sampleOf(schema) with `value` at `path`. */
export function sampleWith(schema: JsonObject, path: FieldPath, value: unknown): unknown {
  const sample = sampleOf(schema);
  if (path.length === 0) return value;
  let holder: unknown = sample;
  for (const step of path.slice(0, -1)) holder = isObject(holder) || Array.isArray(holder) ? Reflect.get(holder, step) : undefined;
  if (!isObject(holder) && !Array.isArray(holder)) throw new Error(`No field ${path.join('/')} in the sample`);
  Reflect.set(holder, path[path.length - 1] ?? '', value);
  return sample;
}
