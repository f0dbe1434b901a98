// Words and dates for the dashboard: durations ("4 min", "2 h 10 min") and the service's yyyy-MM-dd days.

/** A duration in seconds in words: "45 s", "4 min", "2 h 10 min", "3 d 4 h"; "—" when there is none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const m = minutes % 60;
    return m ? `${hours} h ${m} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const h = hours % 24;
  return h ? `${days} d ${h} h` : `${days} d`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A service day (yyyy-MM-dd, already in the service's time zone) as a calendar date, without time zone shifts. */
function partsOf(day: string): { year: number; month: number; date: number; weekday: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return { year, month, date, weekday };
}

/** "Nov 21": the chart's axis. */
export function formatDayShort(day: string): string {
  const p = partsOf(day);
  return p ? `${MONTHS[p.month - 1]} ${p.date}` : day;
}

/** "Fri, Nov 21": the chart's tooltip and table. */
export function formatDayLong(day: string): string {
  const p = partsOf(day);
  return p ? `${WEEKDAYS[p.weekday]}, ${MONTHS[p.month - 1]} ${p.date}` : day;
}

/** "09:41:05" in the browser's time zone: when the numbers on the screen were fetched. */
export function formatClock(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
