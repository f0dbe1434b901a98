// Whether PostgreSQL can be reached, as this process last found out. Requests then fail at once while it is
// known to be down (instead of each waiting for its own timeout), the health check answers at once, and a
// prober notices within a fraction of a second that it is back.

/** Thrown by db/resilient-postgres.ts when a query or transaction outlives its deadline or the database is down. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(
    message: string,
    /** A transaction's COMMIT was sent and not confirmed: the change may have been stored. */
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** True when the error says a COMMIT was sent and never confirmed (DatabaseUnavailableError). */
export const isOutcomeUnknown = (error: unknown) =>
  error instanceof DatabaseUnavailableError && error.outcomeUnknown;

// Errors of postgres.js and of the socket under it that mean "the database cannot be reached or is going
// away", not "this statement is wrong".
const UNREACHABLE_CODES = new Set([
  'DATABASE_UNAVAILABLE',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '57014', // query_canceled: our statement_timeout
  '53300', // too_many_connections
]);

/** True for an error that says the database is unreachable, overloaded or timed out (SQLSTATE class 08 too). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return false;
  return UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

/**
 * PostgreSQL answered, but has no connection to spare (too_many_connections: max_connections, or the role's or
 * database's CONNECTION LIMIT). The request that needed the connection is refused (503, as for unreachable),
 * but the database is up: the connections this process already holds keep working. Taking it for down would
 * refuse every request while they sit idle, and a probe needing one more connection would never succeed
 * while they hold the slots.
 */
export function isOutOfConnections(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === '53300';
}

const PROBE_INTERVAL_MS = 250;

/**
 * Tracks reachability. `suspect()` (a query failed as unreachable or timed out, a connection closed) runs one
 * probe; a failed probe marks the database down and probes again every PROBE_INTERVAL_MS until one succeeds.
 */
export class DatabaseAvailability {
  private down = false;
  private probing: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    /** Resolves when a fresh connection answers, rejects otherwise (bounded by its own timeout). */
    private readonly probe: () => Promise<void>,
    /** Called when the database is reachable again after being down. */
    private readonly onBack: () => void,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /** A probe is under way: whether the database can be reached is being found out. */
  get isProbing(): boolean {
    return this.probing !== undefined;
  }

  /** Runs `then` once the probe under way has ended (or at once when none is). */
  afterProbe(then: () => void): void {
    if (this.probing) void this.probing.finally(then);
    else then();
  }

  suspect(): void {
    if (this.closed || this.probing) return;
    this.probing = this.probe().then(
      () => this.reachable(),
      () => {
        this.down = true;
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.suspect(), PROBE_INTERVAL_MS);
        this.retryTimer.unref();
      },
    );
    void this.probing.finally(() => (this.probing = undefined));
  }

  /** The database answered (a probe, or the LISTEN connection came back). */
  reachable(): void {
    if (!this.down) return;
    this.down = false;
    this.onBack();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
  }
}
