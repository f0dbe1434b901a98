// Building blocks shared by every area's schemas.
import { z } from 'zod';

const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * trpc-to-openapi coerces every number and boolean of an input object, bodies included, so that
 * `"enabled": "false"` would arrive as `true`. A pipe is not coerced, so body scalars are declared
 * as pipes and a wrong type stays a 400.
 */
const positiveInt = z.number().int().positive().max(MAX_ID);
export const jsonBoolean = z.boolean().pipe(z.boolean());
export const jsonId = positiveInt.pipe(positiveInt);

/**
 * An id in the path or the query string: written as a positive integer up to 2^53-1 (no sign, exponent,
 * hex or fraction, which `Number()` would accept); anything else a 400. The console passes numbers.
 */
export const idParam = z
  .preprocess(
    (v) => (typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'must be a positive integer' })
      .int('must be a positive integer')
      .positive('must be a positive integer')
      .max(MAX_ID, 'is too large'),
  )
  .meta({ override: { type: 'integer', format: 'int64', minimum: 1 } });

/** The input of an operation on one record, `/{id}`. */
export const IdInput = z.object({ id: idParam });

/** Local date-time without offset, in the service's time zone (contract section 2). */
export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
  .meta({
    description: 'Local date-time yyyy-MM-ddTHH:mm:ss in the service time zone',
    example: '2026-11-21T09:30:00',
  });

/** Case-insensitive substring search text. */
export const searchText = z.string().trim().max(200).optional();

export const pageQuery = z.object({
  page: z.coerce.number().int().min(0, 'must be 0 or more').max(1_000_000).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'must be 1 or more')
    .default(20)
    .transform((n) => Math.min(n, 100)),
});

/** A Spring-style page (contract section 6). */
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
