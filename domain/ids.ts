// How an id is written in a path, a query string or a reference: a positive integer up to 2^53-1, in
// decimal digits only (no sign, exponent, hex or fraction, which `Number()` would accept).

/** The digits of an id, as a regular expression source (at most 16 digits; the value is checked apart). */
export const ID_DIGITS = '[1-9][0-9]{0,15}';
export const ID_PATTERN = new RegExp(`^${ID_DIGITS}$`);

/** The id `value` writes, or null when it writes none (or one beyond 2^53-1). */
export function parseId(value: string): number | null {
  if (!ID_PATTERN.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
