/** A path id as the API accepts it (a positive integer up to 2^53-1, contract section 2), or null. */
export function parseIdParam(value: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** A path segment as typed, for saying what was asked for; a malformed escape is shown as it came. */
export function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
