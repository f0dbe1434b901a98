// What an API token may do, within its user's rights. A procedure names the one narrow scope that admits
// it (its `tokenScope`); READ_ONLY admits every query and FULL everything, so a procedure that names none
// is open to FULL tokens and, when it only reads, to READ_ONLY ones.
export const TOKEN_SCOPES = ['READ_ONLY', 'INCIDENTS', 'WORKER', 'METRICS', 'FULL'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The narrow scopes a procedure can belong to. */
export type ProcedureScope = Extract<TokenScope, 'INCIDENTS' | 'WORKER' | 'METRICS'>;

export const TOKEN_SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  READ_ONLY: 'Queries only, of whatever the user may read',
  INCIDENTS: 'Incident operations: reads, lifecycle transitions, retry and bulk actions',
  WORKER: 'The engine and worker protocol: incident reports, worker requests, process instances',
  METRICS: 'Only GET /api/metrics',
  FULL: 'Everything the user may do',
};

export interface ScopedOperation {
  /** The narrow scope the operation belongs to; none for administration and anything else. */
  scope?: ProcedureScope;
  /** tRPC's kind of the procedure: only queries read without changing anything. */
  type: 'query' | 'mutation' | 'subscription';
}

export function scopeAllows(scope: TokenScope, operation: ScopedOperation): boolean {
  if (scope === 'FULL') return true;
  if (scope === 'READ_ONLY') return operation.type === 'query';
  return operation.scope === scope;
}

/** Why a token of `scope` may not run an operation, for the 403 problem. */
export function scopeRefusal(scope: TokenScope): string {
  return `This API token's scope ${scope} does not allow this operation (${TOKEN_SCOPE_DESCRIPTIONS[scope]})`;
}
