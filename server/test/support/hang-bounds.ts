// Bounds on time in these tests are bounds for a hang, never for speed: speed is `npm run bench`'s, as a
// ratio against a bare baseline in the same run. CI shares this machine's two cores with other work, and on
// a busy one a step that takes 50 ms when quiet has taken seconds. So a test waits for what must happen up
// to a generous margin; and where it must tell a prompt path from a slow one (a
// notification from the periodic rescan, or from the expiry of the authentication cache), it slows the
// other path down in its own server process, rather than timing the prompt one.

/**
 * How far past its own deadline (a poll's waitMs, a query deadline, a drain delay) an answer may come. Below
 * the 15 s after which an idle change stream looks again on its own, so a change that reaches a stream
 * within it was pushed.
 */
export const HANG_MARGIN_MS = 10_000;

/**
 * Environment of a server process in which only a notification is prompt: the worker sweep (expired locks,
 * the rescan of waiting polls) and the authentication cache's expiry come after two minutes, far beyond
 * HANG_MARGIN_MS, so whatever arrives within it arrived by notification.
 */
export const NOTIFICATIONS_ONLY_ENV = {
  AUTH_CACHE_TTL_MS: '120000',
  WORKER_SWEEP_INTERVAL_MS: '120000',
} as const;
