// Formatting and small pure helpers of the administration pages (no React here).
import dayjs from 'dayjs';

/**
 * The service writes local date-times without an offset, in its own time zone (docs/contract.md §2), so
 * they are shown as written, never shifted to the browser's zone.
 */
export function formatDateTime(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY, HH:mm') : value;
}

export function formatDateTimeSeconds(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  const d = dayjs(value);
  return d.isValid() ? d.format('D MMM YYYY, HH:mm:ss') : value;
}

/** Mantine date pickers answer 'YYYY-MM-DD HH:mm:ss'; the API takes 'yyyy-MM-ddTHH:mm:ss'. */
export function toApiLocalDateTime(pickerValue: string | null | undefined): string | undefined {
  if (!pickerValue) return undefined;
  const d = dayjs(pickerValue);
  return d.isValid() ? d.format('YYYY-MM-DDTHH:mm:ss') : undefined;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Items of `next` not in `prev`, and items of `prev` not in `next`. */
export function setDiff<T>(prev: readonly T[], next: readonly T[]): { added: T[]; removed: T[] } {
  const p = new Set(prev);
  const n = new Set(next);
  return { added: next.filter((x) => !p.has(x)), removed: prev.filter((x) => !n.has(x)) };
}

export function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  const d = setDiff(a, b);
  return d.added.length === 0 && d.removed.length === 0;
}

export const AUDIT_ACTIONS = [
  { value: 'user.create', label: 'user.create', group: 'Users', description: 'User created' },
  { value: 'user.update', label: 'user.update', group: 'Users', description: 'User changed' },
  { value: 'user.delete', label: 'user.delete', group: 'Users', description: 'User deleted' },
  {
    value: 'user.password_reset',
    label: 'user.password_reset',
    group: 'Users',
    description: 'Password reset',
  },
  {
    value: 'service_account.create',
    label: 'service_account.create',
    group: 'Service accounts',
    description: 'Service account created',
  },
  {
    value: 'service_account.update',
    label: 'service_account.update',
    group: 'Service accounts',
    description: 'Service account changed',
  },
  {
    value: 'service_account.delete',
    label: 'service_account.delete',
    group: 'Service accounts',
    description: 'Service account deleted',
  },
  { value: 'group.create', label: 'group.create', group: 'Groups', description: 'Group created' },
  { value: 'group.update', label: 'group.update', group: 'Groups', description: 'Group changed' },
  { value: 'group.delete', label: 'group.delete', group: 'Groups', description: 'Group deleted' },
  {
    value: 'group.members_update',
    label: 'group.members_update',
    group: 'Groups',
    description: 'Members changed',
  },
  {
    value: 'api_token.create',
    label: 'api_token.create',
    group: 'API tokens',
    description: 'API token created',
  },
  {
    value: 'api_token.revoke',
    label: 'api_token.revoke',
    group: 'API tokens',
    description: 'API token revoked',
  },
  { value: 'session.end', label: 'session.end', group: 'Sessions', description: 'Console session ended' },
  { value: 'silence.create', label: 'silence.create', group: 'Silences', description: 'Silence created' },
  { value: 'silence.end', label: 'silence.end', group: 'Silences', description: 'Silence ended early' },
] as const;

export function auditActionColor(action: string): string {
  if (/\.(delete|revoke|end)$/.test(action)) return 'red';
  if (/\.create$/.test(action)) return 'green';
  if (/password_reset$/.test(action)) return 'orange';
  if (/members_update$/.test(action)) return 'violet';
  return 'blue';
}
