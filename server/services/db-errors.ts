// PostgreSQL error codes we turn into domain errors (both drivers expose `code`, Drizzle wraps them in `cause`).
function pgCodeOf(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCodeOf(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgCodeOf(error) === '23503';

/** User text with LIKE's wildcards and escape character escaped, so that it matches literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching values that contain `text`. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern matching values that start with `text`: a btree index can serve it. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** Distinct values, sorted ascending: every array the API stores or answers. */
export function sortedSet<T extends string | number>(values: readonly T[]): T[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
