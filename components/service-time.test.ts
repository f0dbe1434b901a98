import { describe, expect, it } from 'vitest';
import { serviceInstant } from './service-time';

describe('serviceInstant: a service local date-time as the instant it names', () => {
  it.each([
    ['2026-11-21T09:30:00', 'UTC', '2026-11-21T09:30:00.000Z'],
    ['2026-07-01T12:00:00', 'Europe/Berlin', '2026-07-01T10:00:00.000Z'],
    ['2026-01-01T12:00:00', 'Europe/Berlin', '2026-01-01T11:00:00.000Z'],
    // the first hour after the spring change in Berlin
    ['2026-03-29T03:30:00', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['2026-01-15T23:59:59', 'Asia/Kolkata', '2026-01-15T18:29:59.000Z'],
    ['2026-06-30T20:00:00', 'America/New_York', '2026-07-01T00:00:00.000Z'],
  ])('%s in %s is %s', (local, zone, instant) => {
    expect(serviceInstant(local, zone)?.toISOString()).toBe(instant);
  });

  it('answers null for what is not a date-time', () => {
    expect(serviceInstant('yesterday', 'UTC')).toBeNull();
  });
});
