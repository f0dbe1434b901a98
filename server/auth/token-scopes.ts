// What an API token may do, within its user's rights. A procedure names the one narrow scope that admits
// it (its `tokenScope`); READ_ONLY admits every query and FULL everything, so a procedure that names none
// is open to FULL tokens and, when it only reads, to READ_ONLY ones.
import { TOKEN_SCOPE_DESCRIPTIONS, type TokenScope } from '../../domain/token-scopes';

export { TOKEN_SCOPE_DESCRIPTIONS, TOKEN_SCOPES, type TokenScope } from '../../domain/token-scopes';

/** The narrow scopes a procedure can belong to. */
export type ProcedureScope = Extract<TokenScope, 'INCIDENTS' | 'WORKER' | 'METRICS'>;

export interface ScopedOperation {
  /** The narrow scope the operation belongs to; none for administration and anything else. */
  scope?: ProcedureScope;
  /** tRPC's kind of the procedure: queries and subscriptions (the change stream) read without changing anything. */
  type: 'query' | 'mutation' | 'subscription';
}

export function scopeAllows(scope: TokenScope, operation: ScopedOperation): boolean {
  if (scope === 'FULL') return true;
  if (scope === 'READ_ONLY') return operation.type !== 'mutation';
  return operation.scope === scope;
}

/** Why a token of `scope` may not run an operation, for the 403 problem. */
export function scopeRefusal(scope: TokenScope): string {
  return `This API token's scope ${scope} does not allow this operation (${TOKEN_SCOPE_DESCRIPTIONS[scope]})`;
}
