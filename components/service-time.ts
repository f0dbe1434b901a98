// The API writes local date-times without an offset, in the service's time zone (docs/contract.md §2). The
// browser may be in another zone, so relative times ("5 min ago") need the real instant: this converts with
// the service's zone, which the console layout hands over from the server.
let serviceTimeZone = 'UTC';

export function setServiceTimeZone(timeZone: string): void {
  serviceTimeZone = timeZone;
}

export function getServiceTimeZone(): string {
  return serviceTimeZone;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes that `timeZone` is ahead of UTC at the instant `ms`. */
function offsetMinutesAt(ms: number, timeZone: string): number {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  const part = (type: string) =>
    Number(format.formatToParts(new Date(ms)).find((p) => p.type === type)?.value);
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((wallClockAsUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** A service timestamp (yyyy-MM-ddTHH:mm:ss, the service's zone) as the instant it names, or null. */
export function serviceInstant(value: string, timeZone = serviceTimeZone): Date | null {
  const wallClockAsUtc = Date.parse(`${value}Z`);
  if (Number.isNaN(wallClockAsUtc)) return null;
  // The offset at the guessed instant, then again at the corrected one (they differ only across a DST change).
  let instant = wallClockAsUtc - offsetMinutesAt(wallClockAsUtc, timeZone) * 60_000;
  instant = wallClockAsUtc - offsetMinutesAt(instant, timeZone) * 60_000;
  return new Date(instant);
}

/** An instant as the service writes it: yyyy-MM-ddTHH:mm:ss, its wall clock in the service's zone. */
export function serviceLocalDateTime(date: Date, timeZone = serviceTimeZone): string {
  const ms = Math.floor(date.getTime() / 1000) * 1000;
  return new Date(ms + offsetMinutesAt(ms, timeZone) * 60_000).toISOString().slice(0, 19);
}
