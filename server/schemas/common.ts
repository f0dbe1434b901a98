// Building blocks shared by every area's schemas.
import { z } from 'zod';
import { ID_PATTERN } from '../../domain/ids';
import { StreamedFile } from '../../lib/streamed-file';

const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * A JSON body keeps its types: `"enabled": "false"` or `"id": "5"` is a 400 there. Only the query and the
 * path give strings, which their own schemas parse (idParam below).
 */
export const jsonBoolean = z.boolean();
export const jsonId = z.number().int().positive().max(MAX_ID);

/**
 * An id in the path or the query string: written as a positive integer up to 2^53-1 (no sign, exponent,
 * hex or fraction, which `Number()` would accept); anything else a 400. The console passes numbers.
 */
export const idParam = z
  .preprocess(
    (v) => (typeof v === 'string' && ID_PATTERN.test(v) ? Number(v) : v),
    z
      .number({ error: 'must be a positive integer' })
      .int('must be a positive integer')
      .positive('must be a positive integer')
      .max(MAX_ID, 'is too large'),
  )
  .meta({ override: { type: 'integer', format: 'int64', minimum: 1 } });

/** The input of an operation on one record, `/{id}`. */
export const IdInput = z.object({ id: idParam });

/** `yyyy-MM-ddTHH:mm:ss` names a real day and time (no February 30th, no 24:00:00). */
function isCalendarDateTime(value: string): boolean {
  const [y, mo, d, h, mi, se] = value.split(/[-T:]/).map(Number);
  // Not Date.UTC(y, ...): it reads the years 0-99 as 1900-1999, and 0050-01-01 would not be itself.
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  at.setUTCHours(h, mi, se, 0);
  return (
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    at.getUTCHours() === h &&
    at.getUTCMinutes() === mi &&
    at.getUTCSeconds() === se
  );
}

/** Local date-time without offset, in the service's time zone (docs/contract.md §2). */
export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be a local date-time yyyy-MM-ddTHH:mm:ss')
  .refine(isCalendarDateTime, 'is not a real date and time')
  .meta({
    description: 'Local date-time yyyy-MM-ddTHH:mm:ss in the service time zone',
    example: '2026-11-21T09:30:00',
  });

/**
 * A bound of a date range in the query string: a local date, or a date-time to the minute or second, in the
 * service's time zone; the range includes the whole day, minute or second it names.
 */
export const localDateBound = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/,
    'must be a local date yyyy-MM-dd or date-time yyyy-MM-ddTHH:mm[:ss]',
  )
  // Completed to the second (a date at midnight, a minute at :00) for the calendar check.
  .refine((v) => isCalendarDateTime(v + 'T00:00:00'.slice(v.length - 10)), 'is not a real date and time')
  .meta({
    description:
      'Local date yyyy-MM-dd or date-time yyyy-MM-ddTHH:mm[:ss] in the service time zone, inclusive',
    example: '2026-11-21',
  });

/**
 * The JSON-schema pattern of a trimmed text that must not be blank: `minLength: 1` alone would admit "  ",
 * which the trim turns into "" and refuses. For the document only; the trim and min(1) do the refusing.
 */
export const NOT_BLANK = { pattern: '\\S' } as const;

/**
 * Keys refused in every input, at any depth: each names an object's prototype, or the function that made it
 * (server/transport/input-guard.ts refuses them before any schema reads the input).
 */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

const NOT_A_PROTOTYPE_KEY = new RegExp(`^(?!(${PROTOTYPE_KEYS.join('|')})$)`);

/**
 * A free-form JSON object of an input (a payload, a result, a patch): any keys but those that name a prototype,
 * which the document states on its own keys (propertyNames) and in words for the keys within.
 */
export const freeFormObject = (description: string) =>
  z
    .record(z.string().regex(NOT_A_PROTOTYPE_KEY, `must not be ${PROTOTYPE_KEYS.join(', ')}`), z.unknown())
    .meta({
      description: `${description}; keys ${PROTOTYPE_KEYS.join(', ')} are refused here and at any depth (400)`,
    });

/** Case-insensitive substring search text. */
export const searchText = z.string().trim().max(200).optional();

/**
 * A whole number in the query string, written in digits (no sign, exponent, hex, fraction or spaces, which
 * `Number()` would accept); an empty value is the default. The console passes numbers.
 */
export function queryInt(options: { min: number; max?: number; default: number }) {
  const { min, max } = options;
  const whole = z
    .number({ error: `must be a whole number of ${min} or more` })
    .int(`must be a whole number of ${min} or more`)
    .min(min, `must be ${min} or more`);
  return z
    .preprocess(
      (v) =>
        v === ''
          ? undefined
          : typeof v === 'string' && /^[0-9]+$/.test(v)
            ? Math.min(Number(v), MAX_ID) // more digits than a safe integer: as large as one, not a 400
            : v,
      (max === undefined ? whole : whole.max(max, `must be at most ${max}`)).default(options.default),
    )
    .meta({ override: { type: 'integer', minimum: min, maximum: max, default: options.default } });
}

export const pageQuery = z.object({
  page: queryInt({ min: 0, max: 1_000_000, default: 0 }),
  /** Values above 100 are served as 100 (docs/contract.md §6). */
  size: queryInt({ min: 1, default: 20 }).transform((n) => Math.min(n, 100)),
});

/** A Spring-style page (docs/contract.md §6). */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      content: z.array(item),
      number: z.number().int(),
      size: z.number().int(),
      totalElements: z.number().int(),
      totalPages: z.number().int(),
      numberOfElements: z.number().int(),
      first: z.boolean(),
      last: z.boolean(),
      empty: z.boolean(),
    })
    .meta({ id });
}

export function toPage<T>(content: T[], page: number, size: number, totalElements: number) {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    number: page,
    size,
    totalElements,
    totalPages,
    numberOfElements: content.length,
    first: page === 0,
    last: page >= totalPages - 1,
    empty: content.length === 0,
  };
}

export const noContent = z.void();

/**
 * The answer of an operation whose meta says `file`: a file written while it is read, not JSON. The
 * document describes its media types from the meta (server/transport/openapi.ts); the schema checks that
 * the operation answers a file.
 */
export const streamedFile = z.instanceof(StreamedFile).meta({ override: { type: 'string' } });

/** The key of a process definition, as the engine names it: what ownership rules may match. */
export const processDefinition = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .meta({ ...NOT_BLANK, description: "the process definition's key, as the engine names it" });
