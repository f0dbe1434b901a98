// Timestamps leave the service as local date-times without offset, in its time zone (env TZ, default UTC).
const pad = (n: number) => String(n).padStart(2, '0');

export function formatLocalDateTime(date: Date): string {
  return (
    `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export function formatNullable(date: Date | null): string | null {
  return date ? formatLocalDateTime(date) : null;
}

/**
 * The local instant of these fields, normalised as the Date constructor does (a 32nd day is the next month's
 * first), for any year: the constructor itself reads the years 0-99 as 1900-1999. The day is set before the
 * time, so that the time is that day's (its offset from UTC included).
 */
function localInstant(y: number, monthIndex: number, d: number, h: number, mi: number, s: number): Date {
  const at = new Date(2000, 0, 1);
  at.setFullYear(y, monthIndex, d);
  at.setHours(h, mi, s, 0);
  return at;
}

/** The numbers of a local `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm` or `yyyy-MM-ddTHH:mm:ss`. */
function localParts(value: string): number[] {
  return value.split(/[-T:]/).map(Number);
}

/** The first instant a local date or date-time names, in the service's time zone. */
export function startOfLocal(value: string): Date {
  const [y, mo, d, h = 0, mi = 0, s = 0] = localParts(value);
  return localInstant(y, mo - 1, d, h, mi, s);
}

/**
 * The first instant after all that a local date or date-time names: the next day's midnight for a date, the
 * next minute or second for a time to the minute or second, so that a bound written as shown is inclusive.
 */
export function endOfLocal(value: string): Date {
  const parts = localParts(value);
  const [y, mo, d, h = 0, mi = 0, s = 0] = parts;
  const unit = parts.length - 1; // 2: day, 4: minute, 5: second
  return localInstant(
    y,
    mo - 1,
    d + (unit === 2 ? 1 : 0),
    h,
    mi + (unit === 4 ? 1 : 0),
    s + (unit === 5 ? 1 : 0),
  );
}
