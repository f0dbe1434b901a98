// What an API token may do, within its user's rights (server/auth/token-scopes.ts says how a scope admits a
// procedure). The check constraint of api_tokens.scope (db/schema/admin.ts) lists the same values.
export const TOKEN_SCOPES = ['READ_ONLY', 'INCIDENTS', 'WORKER', 'METRICS', 'FULL'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  READ_ONLY: 'Queries only, of whatever the user may read',
  INCIDENTS: 'Incident operations: reads, lifecycle transitions, retry and bulk actions',
  WORKER: 'The engine and worker protocol: incident reports, worker requests, process instances',
  METRICS: 'Only GET /api/metrics',
  FULL: 'Everything the user may do',
};
