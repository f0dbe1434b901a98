// What no input may hold, whatever its schema says: text PostgreSQL cannot store (a NUL character, half of a
// UTF-16 surrogate pair) in any string or key, at any depth; a key that names a prototype (`__proto__`,
// `constructor`, `prototype`), at any depth; and nesting deeper than anything a client means to send
// (JSON.stringify and other recursive code would run out of stack). Checked once for every procedure
// (server/transport/trpc.ts), for REST bodies as they are read (server/transport/api-handler.ts) and for the Camunda-compatible
// paths (server/engine-rest/handler.ts), so that such input is a 400 naming the field instead of a database
// error, or an object whose prototype a client chose: JSON.parse keeps `"__proto__"` as an own key, and any
// code that copies it by assignment (Object.assign, `target[key] = value`) replaces the copy's prototype,
// whose properties every schema then reads as if they had been sent.
import type { FieldError } from '../errors';
import { PROTOTYPE_KEYS } from '../schemas/common';

export const MAX_INPUT_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text (it holds half of a surrogate pair)';
  return undefined;
}

/** The first thing in `input` no procedure may be given, or undefined. Iterative: depth cannot overflow it. */
export function unacceptableInput(input: unknown): FieldError | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  const field = (path: string) => path || '(body)';
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { field: field(path), message };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return { field: field(path), message: `must not be nested more than ${MAX_INPUT_DEPTH} levels deep` };
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const message = textProblem(key);
      if (message) return { field: field(path), message: `keys ${message}` };
      if (PROTOTYPE_KEYS.includes(key)) {
        return {
          field: childPath,
          message: `is not a key any input may have (${PROTOTYPE_KEYS.join(', ')})`,
        };
      }
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}
