// Times of a schedule: what callers give (an instant with its offset, or a wall-clock time of the schedule's
// zone) and what answers say (an instant with the zone's offset of that moment).
import { DateTime } from 'luxon';
import { fieldError } from '../../errors';

/** The instant `value` names, a local time placed in `zone`; a wall-clock time the zone skips is a 400. */
export function instantIn(field: string, value: string, zone: string): Date {
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value);
  const parsed = DateTime.fromISO(value, { zone, setZone: hasOffset });
  if (!parsed.isValid) throw fieldError(field, 'is not a real date and time');
  if (!hasOffset) {
    const written = `${value}:00`.slice(0, 19);
    if (parsed.toFormat("yyyy-MM-dd'T'HH:mm:ss") !== written)
      throw fieldError(field, `does not exist in ${zone}: the clocks skip it (daylight-saving change)`);
  }
  return parsed.toJSDate();
}

/** `2026-03-29T09:00:00+02:00`: the instant as the zone's clocks showed it. */
export function formatIn(at: Date | number, zone: string): string {
  return DateTime.fromMillis(typeof at === 'number' ? at : at.getTime(), { zone }).toISO({
    suppressMilliseconds: true,
  })!;
}

/** Whether `date` (yyyy-MM-dd) names a real day. */
export const isRealDate = (date: string) => DateTime.fromISO(date, { zone: 'utc' }).isValid;
