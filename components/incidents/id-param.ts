import { parseId } from '@/domain/ids';

/** A path id as the API accepts it (a positive integer up to 2^53-1), or null. */
export const parseIdParam = parseId;

/** A path segment as typed, for saying what was asked for; a malformed escape is shown as it came. */
export function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
