// Timestamps leave the service as local date-times without offset, in its time zone (env TZ, default UTC).
const pad = (n: number) => String(n).padStart(2, '0');

export function formatLocalDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export function formatNullable(date: Date | null): string | null {
  return date ? formatLocalDateTime(date) : null;
}
