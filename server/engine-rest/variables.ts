// Camunda 7 typed variables ({value, type, valueInfo}) to and from the plain JSON of a worker request's
// payload and result (docs/contract.md §8, Camunda 7 external tasks). Types are matched case-insensitively,
// as the engine does; the JS client sends them in lower case.
import { fieldError } from '../errors';

export interface TypedValue {
  value?: unknown;
  type?: string | null;
  valueInfo?: Record<string, unknown> | null;
}

const INT32 = 2 ** 31;

/** The typed value a Camunda worker reads for a JSON value of the payload. */
export function toTypedValue(value: unknown): Required<TypedValue> {
  if (value === null || value === undefined) return { value: null, type: 'Null', valueInfo: {} };
  if (typeof value === 'string') return { value, type: 'String', valueInfo: {} };
  if (typeof value === 'boolean') return { value, type: 'Boolean', valueInfo: {} };
  if (typeof value === 'number') {
    const type = !Number.isInteger(value) ? 'Double' : value >= -INT32 && value < INT32 ? 'Integer' : 'Long';
    return { value, type, valueInfo: {} };
  }
  // Objects and arrays: Camunda's Json type carries its value serialized.
  return { value: JSON.stringify(value), type: 'Json', valueInfo: {} };
}

/** The payload as Camunda variables; `names` (a topic's `variables`) picks some, null or absent all. */
export function toVariables(payload: Record<string, unknown>, names?: string[] | null) {
  const picked = names ? names.filter((name) => Object.hasOwn(payload, name)) : Object.keys(payload);
  return Object.fromEntries(picked.map((name) => [name, toTypedValue(payload[name])]));
}

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw fieldError(`variables.${name}.value`, 'is not valid JSON');
  }
}

function expectType(name: string, value: unknown, kind: 'string' | 'number' | 'boolean') {
  if (typeof value !== kind) throw fieldError(`variables.${name}.value`, `must be a ${kind}`);
  return value;
}

/** The plain JSON value of a typed value a Camunda worker sent. File and Bytes are refused (400). */
export function fromTypedValue(name: string, { value = null, type, valueInfo }: TypedValue): unknown {
  const kind = type?.toLowerCase();
  if (value === null) return null;
  switch (kind) {
    case undefined:
      return value; // untyped: the engine infers the type from the JSON value
    case 'null':
      return null;
    case 'string':
    case 'date':
    case 'xml':
      return expectType(name, value, 'string');
    case 'boolean':
      return expectType(name, value, 'boolean');
    case 'integer':
    case 'long':
    case 'short':
    case 'double':
      return expectType(name, value, 'number');
    case 'json':
      return typeof value === 'string' ? parseJson(name, value) : value;
    case 'object':
      if (valueInfo?.serializationDataFormat === 'application/json') {
        return typeof value === 'string' ? parseJson(name, value) : value;
      }
      throw fieldError(`variables.${name}.type`, 'Object is supported only as application/json');
    default:
      throw fieldError(`variables.${name}.type`, `the type ${type} is not supported`);
  }
}

/** Variables (and local variables, which win on a shared name) as one plain JSON object. */
export function fromVariables(
  ...sets: (Record<string, TypedValue> | null | undefined)[]
): Record<string, unknown> | undefined {
  if (sets.every((set) => !set)) return undefined;
  const values: Record<string, unknown> = {};
  for (const set of sets) {
    for (const [name, typed] of Object.entries(set ?? {})) values[name] = fromTypedValue(name, typed);
  }
  return values;
}
