'use client';
// Times as "5 min ago" with the exact time, in the service's time zone and named, on hover.
import { Text, Tooltip, type TextProps } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import { getServiceTimeZone, serviceInstant } from '../service-time';

/** A service timestamp (yyyy-MM-ddTHH:mm:ss) as the instant it names, or null when it does not parse. */
export const parseServiceTime = (value: string) => serviceInstant(value);

/** The full date and time in the service's zone, e.g. "Sat, 21 Nov 2026, 09:30:00 UTC". */
export function formatExact(value: string): string {
  const date = parseServiceTime(value);
  return date
    ? new Intl.DateTimeFormat(undefined, {
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZone: getServiceTimeZone(),
        timeZoneName: 'short',
      }).format(date)
    : value;
}

/** "just now", "42 s ago", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function formatRelative(value: string, now: number): string {
  const date = parseServiceTime(value);
  return date ? formatRelativeDate(date, now) : value;
}

export function formatRelativeDate(date: Date, now: number): string {
  const seconds = Math.round((now - date.getTime()) / 1000);
  // A clock a little ahead of ours is still "just now", not "in 3 s".
  if (seconds < 5) return seconds > -120 ? 'just now' : `in ${Math.round(-seconds / 60)} min`;
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} d ago`;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The current time, ticking every `everyMs`, so relative times stay true on a page left open. */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), everyMs, { autoInvoke: true });
  return now;
}

export function RelativeTime({
  value,
  now,
  ...props
}: { value: string | null; now: number } & Omit<TextProps, 'children'>) {
  if (!value) {
    return (
      <Text span c="dimmed" {...props}>
        —
      </Text>
    );
  }
  return (
    <Tooltip label={formatExact(value)} openDelay={200} withArrow>
      <Text span component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }} {...props}>
        {formatRelative(value, now)}
      </Text>
    </Tooltip>
  );
}

/** The exact time, with the relative one after it: for detail pages. */
export function ExactTime({ value, now }: { value: string | null; now: number }) {
  if (!value)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Text span component="time" dateTime={value} inherit>
      {formatExact(value)}{' '}
      <Text span c="dimmed" inherit>
        ({formatRelative(value, now)})
      </Text>
    </Text>
  );
}
