// JSON Schema refinements of the generated document: what the service's values are that the generator cannot
// say from the zod schemas alone (server/transport/openapi.ts applies them).
import type { SchemaObject } from 'openapi3-ts/oas31';

export type Parameter = {
  in: string;
  name?: string;
  required?: boolean;
  description?: string;
  style?: string;
  explode?: boolean;
  schema?: SchemaObject;
};

/**
 * A list in the query string as the service reads it: values separated by commas, or the parameter repeated
 * (server/schemas/incidents.ts). Documented comma-separated (style form, explode false), unless a value
 * holds a comma itself (`sort=severity,desc`): then only repeating the parameter tells values apart.
 */
export function describeQueryList(parameter: Parameter): void {
  const schema = parameter.schema;
  if (parameter.in !== 'query' || schema?.type !== 'array') return;
  const values = ((schema.items as SchemaObject | undefined)?.enum ?? []) as unknown[];
  parameter.style = 'form';
  parameter.explode = values.some((value) => String(value).includes(','));
  parameter.description ??= schema.description;
}

/** Whether a JSON schema object requires no property (every field optional): its body may be left out. */
export const requiresNothing = (schema: SchemaObject | undefined) =>
  Boolean(
    schema && schema.type === 'object' && !(schema.required ?? []).length && !schema.anyOf && !schema.oneOf,
  );

/**
 * Integers as the service keeps them: ids and counts are bigints (int64) unless a schema bounds them below
 * 2^31; a lower bound stated twice (minimum and exclusiveMinimum) is stated once. Any value is `{}`.
 */
export function refineSchemas(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(refineSchemas);
  if (!node || typeof node !== 'object') return;
  const schema = node as SchemaObject & Record<string, unknown>;
  // z.unknown().nullable() comes out as `anyOf: [{}, {type: null}]`; the empty schema alone already admits null.
  if (Array.isArray(schema.anyOf) && schema.anyOf.some((s) => !Object.keys(s).length)) delete schema.anyOf;
  if (schema.type === 'integer') {
    if (schema.format === undefined && !(typeof schema.maximum === 'number' && schema.maximum < 2 ** 31)) {
      schema.format = 'int64';
    }
    if (typeof schema.minimum === 'number' && typeof schema.exclusiveMinimum === 'number') {
      schema.minimum = Math.max(schema.minimum, schema.exclusiveMinimum + 1);
      delete schema.exclusiveMinimum;
    }
  }
  for (const value of Object.values(schema)) refineSchemas(value);
}
