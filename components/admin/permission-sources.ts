// Where each of a user's effective permissions comes from: their direct permissions and their groups'.
export interface GroupLike {
  id: number;
  code: string;
  permissions: string[];
}

export interface PermissionSource {
  code: string;
  /** True when the user holds the permission directly. */
  direct: boolean;
  /** Codes of the user's groups that grant it, sorted. */
  groups: string[];
}

/**
 * Effective permissions with their sources, from the direct permission codes and the codes of the groups
 * the user belongs to (docs/contract.md §4: direct ∪ every group's). Sorted by permission code.
 */
export function permissionSources(
  direct: readonly string[],
  groupCodes: readonly string[],
  allGroups: readonly GroupLike[],
): PermissionSource[] {
  const byCode = new Map<string, PermissionSource>();
  const entry = (code: string) => {
    let e = byCode.get(code);
    if (!e) byCode.set(code, (e = { code, direct: false, groups: [] }));
    return e;
  };
  for (const p of direct) entry(p).direct = true;
  const member = new Set(groupCodes);
  for (const g of allGroups) {
    if (!member.has(g.code)) continue;
    for (const p of g.permissions) entry(p).groups.push(g.code);
  }
  return [...byCode.values()]
    .map((e) => ({ ...e, groups: [...new Set(e.groups)].sort() }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
