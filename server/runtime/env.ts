// The one validated view of the process environment (docs/contract.md §9).
import { z } from 'zod';
import { parseGroupMapping } from '../../lib/single-sign-on';
import { corsOriginsProblem } from '../transport/cors';

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const milliseconds = z.coerce.number().int().min(100).max(600_000);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Connections to PostgreSQL of this process (besides one for LISTEN). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    // Bounds on waiting for PostgreSQL, so that an outage is answered 503 in seconds (db/resilient-postgres.ts).
    /** Opening a connection (3000 ms). */
    DATABASE_CONNECT_TIMEOUT_MS: milliseconds.default(3_000),
    /** PostgreSQL's statement_timeout for every statement (5000 ms). */
    DATABASE_STATEMENT_TIMEOUT_MS: milliseconds.default(5_000),
    /** PostgreSQL's idle_in_transaction_session_timeout (10000 ms). */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds.default(10_000),
    /** A query or transaction from its turn on a pool connection (waiting for one is not counted; 6000 ms). */
    DATABASE_QUERY_TIMEOUT_MS: milliseconds.default(6_000),
    /**
     * With PostgreSQL, connections of the notification deliverer's own thread (server/deliverer-thread.ts),
     * besides one for LISTEN: a storm of deliveries never waits for, nor holds, the API's pool.
     */
    NOTIFICATION_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(20).default(2),
    /**
     * Where the deliverer runs with PostgreSQL: its own thread (the default), or `in-process` in the server's
     * thread and pool, as it once did (bench/notification-burst.ts compares the two).
     */
    NOTIFICATION_DELIVERER: z.enum(['thread', 'in-process']).default('thread'),
    /**
     * Notification attempts a second while the API is busy (server/runtime/api-load.ts): a storm trickles out at this
     * pace while requests are being served, and at full speed when they are not.
     */
    NOTIFICATION_BUSY_PACE: z.coerce.number().int().min(1).max(1_000).default(5),
    /**
     * The API is busy when, in a quarter of a second, it was handed requests and its event loop was in use at
     * least this share of the time (0.5). 0: any request makes it busy; above 1: never busy, delivery never
     * slows down.
     */
    NOTIFICATION_BUSY_UTILIZATION: z.coerce.number().min(0).max(2).default(0.5),
    /** application_name of this process's connections (bpm-admin-console/<pid>). */
    DATABASE_APPLICATION_NAME: z.string().min(1).max(63).optional(),
    /**
     * Server processes on one port with PostgreSQL (server/runtime/cluster.ts); unset, one per core. PGlite and the
     * development server always run one.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /**
     * Memory per server process for process instances' incident lists kept as sent, each valid while its
     * instance's revision is unchanged (server/services/incidents/process-instance-answers.ts); 0 keeps none.
     */
    PROCESS_INSTANCE_ANSWERS_MB: z.coerce.number().min(0).max(4_096).default(64),
    DATA_DIR: z.string().min(1).default('./.data'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    AUTH_SECRET: z.string().min(16, 'AUTH_SECRET must be at least 16 characters').optional(),
    ADMIN_USERNAME: z.string().min(3).max(64).default('admin'),
    ADMIN_PASSWORD: z.string().optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
    /** A console session ends after this long without a request (it slides while in use). */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(120),
    /** And after this long since sign-in in any case: 12 hours covers an on-call shift. */
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24)
      .default(12),
    SECURITY_DISABLED: booleanString,
    /**
     * Set when the service runs behind a reverse proxy or load balancer that sets X-Forwarded-For, -Proto and
     * -Host: only then are those headers believed (client address for throttling, https for HSTS and cookies,
     * the host for redirects). Unset, a client could forge them.
     */
    TRUST_PROXY: booleanString,
    /**
     * Holders of ACCESS_BPM_ADMIN must have a second factor: signed in without one, they may do nothing but
     * enrol it (the console sends them to do so), as with a password an administrator set.
     */
    REQUIRE_SECOND_FACTOR_FOR_ADMINS: booleanString,
    /**
     * Failed password checks one client address may cause per minute, over all usernames (argon2 is dear);
     * beyond it sign-in answers 429 until the minute ends.
     */
    LOGIN_ADDRESS_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /**
     * Requests per minute an API token (or a person's access tokens together) may make on the REST API, unless
     * the token or its service account sets its own; counted by each instance on its own
     * (server/transport/token-rate-limit.ts).
     */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(6000),
    /**
     * With PostgreSQL, how often each API process shares the tokens' budgets with the others, in
     * milliseconds (server/transport/shared-rate-limit.ts): the bound over a token's limit grows with it.
     */
    API_RATE_LIMIT_SHARE_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** fatal, error, warn, info (the default), debug, trace or silent (server/observability/log.ts reads it). */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', '']).optional(),
    /**
     * true: each log line written to stdout before the call that logs it returns (slower; for a crash that
     * kills the process outright). Otherwise lines are written asynchronously and flushed at every exit.
     */
    LOG_SYNC: z.enum(['true', 'false', '']).optional(),
    /** A port serving GET /metrics without authentication, for scrapers inside the cluster; unset, none. */
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** An OTLP/HTTP collector (http://collector:4318): traces are exported there; unset, OpenTelemetry is not loaded. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Bound of a graceful shutdown (SIGTERM, SIGINT): requests under way get this long to finish before
     * their connections are closed, and the process exits within it.
     */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** On a shutdown signal, readiness answers 503 this long before the listener closes (for load balancers). */
    SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    /**
     * The longest a process trusts a remembered authentication (user, permissions, API token) without hearing
     * of a change. Changes are heard within milliseconds (bpm_auth_changed); this bounds what a notification
     * missed while listening was being re-established can leave behind. `0`: read on every request.
     */
    AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    /**
     * How often each process returns expired worker locks to PENDING and rescans the topics of waiting long
     * polls: a safety net, since a publish wakes them at once through PostgreSQL notifications.
     */
    WORKER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
    /**
     * Origins whose browser applications may call the REST API with their own bearer tokens: a comma-separated
     * list (`https://app.example,https://ops.example:8443`) or `*`. Unset, none: browsers keep other origins out.
     */
    CORS_ORIGINS: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        const problem = corsOriginsProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    /**
     * The console's address as people reach it (https://bpm.example.com): links in notifications and next-auth's
     * URLs start with it (server/runtime/public-url.ts).
     */
    PUBLIC_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Webhook targets may be plain http (never in production: signatures do not hide the payload). */
    WEBHOOK_ALLOW_HTTP: booleanString,
    /**
     * Networks webhook targets may be in although they are loopback, private, link-local or metadata
     * addresses (refused otherwise): comma-separated CIDRs such as `10.0.0.0/8,127.0.0.1/32`.
     */
    WEBHOOK_ALLOWED_NETWORKS: z.string().optional(),
    /**
     * A subscription whose every attempt failed for this long (24 h) is marked "needs attention" and paused
     * until an administrator enables it again (its events are kept meanwhile).
     */
    WEBHOOK_ATTENTION_AFTER_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .default(24 * 60 * 60_000),
    /** The SMTP server email subscriptions are sent through; without it, email attempts fail (and retry). */
    SMTP_HOST: z.string().optional(),
    /** 587 by default (465 when SMTP_SECURE). */
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** TLS from the first byte (port 465); otherwise STARTTLS is used whenever the server offers it. */
    SMTP_SECURE: booleanString,
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    /** The From of notification mails (bpm-admin-console@localhost by default). */
    SMTP_FROM: z.string().optional(),
    // Single sign-on through an OpenID provider (server/auth/oidc-settings.ts): all three of issuer, client id
    // and secret, or none (no SSO button, the console as without it).
    /** The provider's issuer URL (https://keycloak.example.com/realms/acme); its discovery document is read from it. */
    OIDC_ISSUER: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    /** Scopes asked for, space-separated (`openid profile email`; `openid` is always asked). */
    OIDC_SCOPES: z.string().default('openid profile email'),
    /** The ID token's claim whose values are mapped to groups (`groups`). */
    OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
    /** The claim that names a new user (`preferred_username`). */
    OIDC_USERNAME_CLAIM: z.string().min(1).default('preferred_username'),
    /** `claimValue=GROUP_CODE,...` (checked in oidc-settings.ts). */
    OIDC_GROUP_MAPPING: z
      .string()
      .default('')
      .superRefine((value, ctx) => {
        const mapping = parseGroupMapping(value);
        if (typeof mapping === 'string') ctx.addIssue({ code: 'custom', message: mapping });
      }),
    /** The SSO button says "Continue with <OIDC_DISPLAY_NAME>" (`single sign-on`). */
    OIDC_DISPLAY_NAME: z.string().min(1).max(60).default('single sign-on'),
    /** Each request to the provider (discovery, token, keys) gives up after this long (5000 ms). */
    OIDC_TIMEOUT_MS: milliseconds.default(5_000),
    /** Serve only /api (no console): API nodes behind a load balancer, and process-level tests. */
    API_ONLY: booleanString,
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3)
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'single sign-on needs all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none',
      });
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
      throw new Error(`Invalid environment:\n${lines}`);
    }
    cached = parsed.data;
  }
  return cached;
}
