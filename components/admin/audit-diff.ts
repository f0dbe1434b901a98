// Readable differences between an audit record's before and after snapshots.
export type DiffEntry =
  | { field: string; kind: 'set'; added: string[]; removed: string[]; before: unknown; after: unknown }
  | { field: string; kind: 'value'; before: unknown; after: unknown };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const HIDDEN = new Set(['id', 'userId']);

/**
 * One entry per field that differs. A created record shows every field as added; a deleted one every
 * field as removed. Arrays are compared as sets (what was added, what was removed).
 */
export function auditDiff(before: unknown, after: unknown): DiffEntry[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HIDDEN.has(k));
  const out: DiffEntry[] = [];
  for (const field of keys) {
    const bv = b[field];
    const av = a[field];
    if (JSON.stringify(bv) === JSON.stringify(av)) continue;
    if (Array.isArray(bv) || Array.isArray(av)) {
      const bs = (Array.isArray(bv) ? bv : []).map(String);
      const as = (Array.isArray(av) ? av : []).map(String);
      out.push({
        field,
        kind: 'set',
        added: as.filter((x) => !bs.includes(x)),
        removed: bs.filter((x) => !as.includes(x)),
        before: bv,
        after: av,
      });
    } else {
      out.push({ field, kind: 'value', before: bv, after: av });
    }
  }
  return out;
}

export function showValue(v: unknown): string {
  if (v === undefined) return '—';
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** A one-line summary of the change for the table. */
export function auditSummary(action: string, before: unknown, after: unknown): string {
  const entries = auditDiff(before, after);
  if (action.endsWith('.create') || action.endsWith('.delete') || action.endsWith('.revoke')) {
    const snap = (isRecord(after) ? after : isRecord(before) ? before : {}) as Record<string, unknown>;
    const parts: string[] = [];
    if (Array.isArray(snap.groups) && snap.groups.length) parts.push(`groups ${snap.groups.join(', ')}`);
    if (Array.isArray(snap.permissions) && snap.permissions.length)
      parts.push(`permissions ${snap.permissions.join(', ')}`);
    if (Array.isArray(snap.members) && snap.members.length) parts.push(`members ${snap.members.join(', ')}`);
    if (typeof snap.enabled === 'boolean' && !snap.enabled) parts.push('disabled');
    if ('expiresAt' in snap)
      parts.push(snap.expiresAt ? `expires ${showValue(snap.expiresAt)}` : 'never expires');
    return parts.join('; ');
  }
  if (action === 'user.password_reset') return 'password changed; earlier tokens revoked';
  return entries
    .filter((e) => e.field !== 'effectivePermissions' && e.field !== 'memberCount')
    .map((e) =>
      e.kind === 'set'
        ? `${e.field} ${[...e.added.map((x) => `+${x}`), ...e.removed.map((x) => `−${x}`)].join(' ')}`
        : `${e.field} ${showValue(e.before)} → ${showValue(e.after)}`,
    )
    .join('; ');
}

/** The name of the audited thing, from its snapshots: username, group code, or token name and owner. */
export function auditTargetName(targetType: string, before: unknown, after: unknown): string | undefined {
  const snaps = [after, before].filter(isRecord);
  const pick = (key: string) => snaps.map((s) => s[key]).find((v): v is string => typeof v === 'string');
  if (targetType === 'user') return pick('username');
  if (targetType === 'group') return pick('code');
  if (targetType === 'api_token') {
    const name = pick('name');
    const owner = pick('username');
    return name && owner ? `${name} (of ${owner})` : name;
  }
  return pick('username') ?? pick('code') ?? pick('name');
}
