// Notifications yield to a busy API: while the server's thread is busy the deliverer trickles
// at its busy pace, and when it is idle it delivers the backlog at full speed. Counts, not timings: the upper
// bound on a trickle holds however slow the machine is (a slower machine delivers fewer), and everything else
// is waited for with a bound meant only to catch a hang.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { incidentEvents, webhookSubscriptions } from '../../../db/schema';
import { createBusyFlag, isBusy, setBusy, watchApiLoad } from '../../runtime/api-load';
import { reportIncident } from '../../services/incidents/report-incident';
import { unique } from '../support/helpers';
import { sleep, until, useNotificationTest } from '../support/notification-helpers';
import { loopbackNotificationSettings } from '../support/webhook-receiver';

const settings = loopbackNotificationSettings();

const t = useNotificationTest();

/** Keeps this thread's event loop in use for `ms`, as a request computing its answer does. */
function compute(ms: number) {
  for (const end = Date.now() + ms; Date.now() < end;);
}

describe('the API load signal (server/runtime/api-load.ts)', () => {
  it('is busy while requests keep the event loop in use, and idle again a moment after they stop', async () => {
    const load = watchApiLoad({ busyUtilization: 0.5 });
    t.afterTest(load.stop);
    expect(isBusy(load.flag)).toBe(false);
    for (const deadline = Date.now() + 10_000; !isBusy(load.flag) && Date.now() < deadline;) {
      load.requestStarted();
      compute(50);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(isBusy(load.flag)).toBe(true);
    await until(() => !isBusy(load.flag), 10_000);
  });

  it('is not busy with requests that cost nothing (long polls), nor with a loop in use and no request', async () => {
    const load = watchApiLoad({ busyUtilization: 0.5 });
    t.afterTest(load.stop);
    // Two seconds of requests that leave the loop idle: eight samples, none busy.
    for (const end = Date.now() + 2_000; Date.now() < end;) {
      load.requestStarted();
      await sleep(20);
      expect(isBusy(load.flag)).toBe(false);
    }
    // Half a second apart (two samples of 250 ms): a sample holding both the last of those requests and the
    // loop in use below would rightly be busy (requests, and a loop in use).
    await sleep(500);
    // Two seconds of a loop in use and no request, as a deliverer in this thread keeps it (PGlite).
    for (const end = Date.now() + 2_000; Date.now() < end;) {
      compute(50);
      await new Promise((resolve) => setImmediate(resolve));
      expect(isBusy(load.flag)).toBe(false);
    }
  });
});

describe('a deliverer yielding to a busy API', () => {
  it('trickles at the busy pace while the API is busy, and delivers the backlog at full speed once it is idle', async () => {
    const incidents = 40;
    const busyPace = 2;
    const receiver = await t.receiver();
    const { secret } = await t.subscribeAlone({
      name: unique('paced '),
      url: receiver.url,
      eventTypes: ['incident.created'],
    });
    for (let i = 0; i < incidents; i++) {
      await reportIncident(t.database.db, {
        processInstanceId: i,
        nodeId: 'Task_Paced',
        source: 'WORKER',
        severity: 'HIGH',
        message: `paced ${i}`,
        externalReferenceId: unique('paced-'),
      });
    }

    const busy = createBusyFlag();
    setBusy(busy, true);
    t.deliver({
      settings,
      apiBusy: () => isBusy(busy),
      busyPace,
      timeoutMs: 2_000,
      rescanMs: 200,
    });

    // A trickle, not a stop.
    await until(() => receiver.received.length > 0);
    const from = receiver.received.length;
    const startedAt = Date.now();
    await sleep(4_000);
    const seconds = (Date.now() - startedAt) / 1000;
    const during = receiver.received.length - from;
    // One step a second, each of at most busyPace attempts: within any window, the steps of its whole seconds
    // and one at each edge. At full speed the 40 would all have gone in well under a second.
    expect(during).toBeLessThanOrEqual(busyPace * (Math.ceil(seconds) + 2));
    expect(receiver.received.length).toBeLessThan(incidents);

    setBusy(busy, false);
    await until(() => receiver.received.length >= incidents);
    // Each once, verified, whatever the pace.
    const ids = receiver.accepted([secret]).map((payload) => payload.incident.id);
    expect(new Set(ids).size).toBe(incidents);
    expect(ids).toHaveLength(incidents);
  }, 120_000);

  it('keeps its pace while commits keep waking it: one pass a second, not one per commit', async () => {
    // Every commit wakes the deliverer. Before, each wake-up found no pass running (nothing to send: no event
    // here is of a type the subscription wants) and began one: a read of the feed per commit, however busy
    // the API. Its cursor shows how far the passes read.
    const busyPace = 2;
    const { id: subscriptionId } = await t.subscribeAlone({
      name: unique('woken '),
      url: (await t.receiver()).url,
      eventTypes: ['incident.resolved'],
    });
    const busy = createBusyFlag();
    setBusy(busy, true);
    t.deliver({ settings, apiBusy: () => isBusy(busy), busyPace, timeoutMs: 2_000, rescanMs: 200 });

    const incidents: number[] = [];
    const startedAt = Date.now();
    for (let i = 0; i < 30; i++) {
      const reported = await reportIncident(t.database.db, {
        processInstanceId: i,
        nodeId: 'Task_Woken',
        source: 'WORKER',
        severity: 'HIGH',
        message: `woken ${i}`,
        externalReferenceId: unique('woken-'),
      });
      incidents.push(reported.id);
      await sleep(100);
    }
    const seconds = (Date.now() - startedAt) / 1000;
    const unread = async () => {
      const [{ cursorEventId }] = await t.database.db
        .select({ cursorEventId: webhookSubscriptions.cursorEventId })
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.id, subscriptionId));
      return (
        await t.database.db
          .select({ id: incidentEvents.id })
          .from(incidentEvents)
          .where(and(inArray(incidentEvents.incidentId, incidents), gt(incidentEvents.id, cursorEventId)))
      ).length;
    };
    // One pass a second, each reading at most busyPace entries, and one at each edge.
    expect(await unread()).toBeGreaterThanOrEqual(incidents.length - busyPace * (Math.ceil(seconds) + 2));

    setBusy(busy, false);
    await until(async () => (await unread()) === 0);
  }, 120_000);
});
