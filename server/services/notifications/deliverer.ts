// Delivers incident events to webhook and email subscriptions, in the background of every instance.
//
// Two steps, each safe with any number of instances on one database:
//  1. Enqueue (enqueue.ts): each enabled subscription (locked FOR UPDATE SKIP LOCKED, so one instance at a
//     time) reads the incident feed after its cursor, and the events it wants become deliveries (with their
//     body fixed) in the transaction that advances the cursor: nothing is skipped or enqueued twice, however
//     instances crash.
//  2. Deliver: due deliveries are claimed (claim.ts) FOR UPDATE SKIP LOCKED under a lease (so each attempt
//     is made once; a delivery whose instance died mid-attempt is taken over when the lease ends: at least
//     once), and only the first unfinished delivery of each (subscription, incident): in order per
//     subscription and incident, while other incidents go on. Each is attempted (attempt.ts) and every
//     attempt is logged (record.ts); failures are retried with exponential back-off and jitter (or
//     Retry-After) for up to 24 h after the event, and a subscription failing too long is paused (pause.ts).
// This file is the loop that runs the steps: woken by the feed and a rescan, and paced while the API is busy.
import type { Database } from '../../../db/client';
import { log } from '../../observability/log';
import { observeNotificationAttempt } from '../../observability/metrics';
import { subscribeFeed } from '../events/incident-feed';
import { attemptEmail, attemptWebhook, secretsOf } from './attempt';
import { claimDeliveries, type Claimed } from './claim';
import { enqueueDeliveries, FEED_PAGE } from './enqueue';
import { recordAttempts, type RetryRules } from './record';
import type { NotificationSettings } from './settings';

export interface DelivererOptions {
  /** The process's (server/runtime/notification-settings.ts), or a test's. */
  settings: NotificationSettings;
  /** Bound of one attempt (5 s). */
  timeoutMs?: number;
  /** First retry delay before jitter (10 s); doubling up to maxRetryDelayMs. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** How long after its event a delivery is retried (24 h). */
  giveUpAfterMs?: number;
  /** The safety-net rescan of the feed and of due retries (1 s). */
  rescanMs?: number;
  /** Attempts under way at once per instance (8). */
  concurrency?: number;
  /**
   * Where each recorded attempt is counted (the process's metrics). A deliverer in its own thread
   * (deliverer-thread.ts) hands them to the process's registry, which is the one /metrics serves.
   */
  observe?: typeof observeNotificationAttempt;
  /**
   * Whether the API is busy now (server/runtime/api-load.ts). While it is, delivery yields to it: one step a second,
   * of at most `busyPace` attempts and `busyPace` events read from the feed per subscription.
   */
  apiBusy?: () => boolean;
  /** Attempts a second while the API is busy (NOTIFICATION_BUSY_PACE, 5). */
  busyPace?: number;
}

export interface Deliverer {
  /** Runs a pass now (besides the feed's wake-ups and the rescan). */
  wake(): void;
  /** Stops after the pass under way, its attempts included. */
  stop(): Promise<void>;
}

/** While the API is busy, a step of delivery (and a pass that begins one) starts at most once in this long. */
const BUSY_STEP_MS = 1_000;

/**
 * What the loop's parts share: wake() (called by the feed, the rescan and Deliverer.wake), the pass it
 * begins, and stop(). At most one of `pass` and `putOff` is set: the loop is idle, in a pass, or waiting to
 * begin one.
 */
interface LoopState {
  /**
   * Set by stop(): no pass begins after it, and the pass under way ends after what it is doing (a page of
   * the feed, or a batch of attempts).
   */
  stopped: boolean;
  /** The pass under way: steps one after another until there is nothing to enqueue or claim. */
  pass: Promise<void> | undefined;
  /** Woken during the pass: another begins when it ends (one pass serves however many wake-ups came). */
  again: boolean;
  /** When the last pass began (Date.now()): while the API is busy, the next begins BUSY_STEP_MS after it. */
  passStarted: number;
  /** A pass put off while the API is busy: it begins when the API is idle again, or a step after the last. */
  putOff: Promise<void> | undefined;
  /** Set by every wake-up (a commit to the feed, the rescan): the feed may hold events not yet enqueued. */
  feedToRead: boolean;
}

export function startDeliverer(database: Database, options: DelivererOptions): Deliverer {
  const { settings } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const concurrency = options.concurrency ?? 8;
  const observe = options.observe ?? observeNotificationAttempt;
  const apiBusy = options.apiBusy ?? (() => false);
  const busyPace = options.busyPace ?? 5;
  // Long enough for an attempt and its record; a delivery whose instance died waits this long.
  const leaseMs = timeoutMs * 2 + 5_000;
  const rules: RetryRules = {
    attentionAfterMs: settings.attentionAfterMs,
    retryBaseMs: options.retryBaseMs ?? 10_000,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 60 * 60_000,
    giveUpAfterMs: options.giveUpAfterMs ?? 24 * 60 * 60_000,
  };
  const state: LoopState = {
    stopped: false,
    pass: undefined,
    again: false,
    passStarted: 0,
    putOff: undefined,
    feedToRead: false,
  };

  /** Attempts a claimed batch at once and records the results together. */
  async function deliverBatch(batch: Claimed[]) {
    const secrets = await secretsOf(database.db, batch);
    const made = await Promise.all(
      batch.map((claimed) =>
        (claimed.channel === 'email'
          ? attemptEmail(claimed, settings, timeoutMs)
          : attemptWebhook(claimed, secrets.get(claimed.delivery.subscriptionId) ?? [], settings, timeoutMs)
        ).catch((error) => {
          // Left DELIVERING: attempted again when its lease ends.
          log.error({ err: error, deliveryId: claimed.delivery.id }, 'webhook attempt failed');
          return undefined;
        }),
      ),
    );
    const attempts = made.filter((attempted) => attempted !== undefined);
    if (!attempts.length) return;
    const outcomes = await recordAttempts(database.db, attempts, rules);
    attempts.forEach(({ claimed, result }, i) => {
      const outcome = outcomes[i];
      if (outcome) observe(claimed.channel, outcome, result.durationMs / 1000);
    });
  }

  async function runPass() {
    while (!state.stopped) {
      // Idle, a step is a page of the feed per subscription and a batch of attempts, one after another: a
      // storm's first deliveries go out while the rest is enqueued. Busy, a step takes a second and does
      // busyPace of each: a storm trickles out, and runs at full speed again as soon as the API is idle.
      const busy = apiBusy();
      const stepStarted = Date.now();
      // Once read, the feed is read again only after a wake-up, not after every batch (what a batch's
      // successes unblock is claimed without it).
      if (state.feedToRead) {
        state.feedToRead = false;
        const pageSize = busy ? Math.min(busyPace, FEED_PAGE) : FEED_PAGE;
        const { more } = await enqueueDeliveries(database.db, settings, { pageSize, pages: 1 });
        if (more) state.feedToRead = true;
      }
      let attempts = 0;
      for (let budget = busy ? busyPace : concurrency; budget > 0 && !state.stopped;) {
        const batch = await claimDeliveries(database.db, Math.min(concurrency, budget), leaseMs);
        if (!batch.length) break;
        await deliverBatch(batch);
        attempts += batch.length;
        budget -= batch.length;
      }
      if (!attempts && !state.feedToRead) return;
      if (busy) await pauseWhileBusy(stepStarted + BUSY_STEP_MS);
    }
  }

  /** Until `until`, ended early when the API is idle again or the deliverer stops. */
  async function pauseWhileBusy(until: number) {
    while (!state.stopped && apiBusy() && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())));
    }
  }

  function wake() {
    if (state.stopped) return;
    state.feedToRead = true;
    if (state.pass) {
      state.again = true;
      return;
    }
    if (state.putOff) return;
    // Busy, passes are paced as the steps within one are: every commit wakes the deliverer, and a pass for
    // each (a read of the feed and a look for deliveries to claim, with no subscription as with many) took
    // nearly half of what an acknowledge costs on PGlite, whose statements all run on this thread
    // (docs/performance.md, "Embedded PGlite"). Those woken meanwhile are served by the one pass.
    const wait = apiBusy() ? state.passStarted + BUSY_STEP_MS - Date.now() : 0;
    if (wait > 0) {
      state.putOff = pauseWhileBusy(state.passStarted + BUSY_STEP_MS).then(() => {
        state.putOff = undefined;
        wake();
      });
      return;
    }
    state.again = false;
    state.passStarted = Date.now();
    state.pass = runPass()
      .catch((error) => log.error({ err: error }, 'webhook delivery pass failed'))
      .finally(() => {
        state.pass = undefined;
        if (state.again) wake();
      });
  }

  const feed = subscribeFeed(database, wake, { rescanMs: options.rescanMs ?? 1_000 });
  return {
    wake,
    async stop() {
      state.stopped = true;
      await feed.stop();
      await state.putOff;
      await state.pass;
    },
  };
}
