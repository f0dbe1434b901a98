// Storm grouping of notifications (docs/contract.md §12): a subscription with a window gets the
// system's events of one incident group and type as one message listing their count, sent when the window
// ends; people's actions still come one by one; without a window, one message per event as before. Against a
// real HTTP receiver that verifies every delivery with the `standardwebhooks` package.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { incidentEvents, incidents } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { acknowledgeIncident } from '../../services/incidents/acknowledge-incident';
import { reportIncidents } from '../../services/incidents/report-incidents';
import { renderBody } from '../../services/notifications/payload';
import { unique } from '../support/helpers';
import { sleep, useNotificationTest } from '../support/notification-helpers';
import { loopbackNotificationSettings } from '../support/webhook-receiver';

const settings = loopbackNotificationSettings();
const t = useNotificationTest();
const actor = { username: 'responder' } as Principal;
const deliver = () => t.deliver({ settings, retryBaseMs: 100, rescanMs: 200, timeoutMs: 2_000 });

/** `n` new incidents at `nodeId`, one message template, reported in one request. */
async function storm(nodeId: string, n: number) {
  const { results } = await reportIncidents(
    t.database.db,
    Array.from({ length: n }, (_, i) => ({
      processInstanceId: 100 + i,
      nodeId,
      source: 'WORKER',
      severity: 'HIGH',
      message: `Ledger timed out after ${i + 1} ms`,
      externalReferenceId: unique('storm-') + `:${i + 1}`,
    })),
  );
  return results.map((r) => r.incident!.id);
}

interface Grouped {
  type: string;
  incident: { id: number; nodeId: string };
  link: string;
  group?: { key: string; count: number; incidentIds: number[]; lastTime: string };
}

describe('storm grouping of notifications', () => {
  it('sends one message per incident group when its window ends, listing the count; people one by one', async () => {
    const r = await t.receiver();
    const hook = await t.subscribeAlone({
      name: unique('grouped '),
      url: r.url,
      eventTypes: ['incident.created', 'incident.acknowledged'],
      groupWindowSeconds: 2,
    });
    expect(hook.groupWindowSeconds).toBe(2);
    deliver();
    const ledger = await storm(unique('ledger-'), 30);
    const mail = await storm(unique('mail-'), 5);
    await acknowledgeIncident(t.database.db, { id: mail[0] }, actor);

    // The acknowledgement is a person's: it is not held. (Its incident's created event is in a group that
    // is still gathering, and a subscription's events of one incident go in order: it waits for the group.)
    await sleep(1_000);
    expect(r.received).toHaveLength(0);
    await expect.poll(() => r.received.length, { timeout: 15_000 }).toBe(3);
    const payloads = r.accepted([hook.secret]) as unknown as Grouped[];
    const created = payloads.filter((p) => p.type === 'incident.created');
    expect(created.map((p) => p.group?.count).sort((a, b) => a! - b!)).toEqual([5, 30]);
    const big = created.find((p) => p.group?.count === 30)!;
    expect(big.group!.incidentIds.sort((a, b) => a - b)).toEqual([...ledger].sort((a, b) => a - b));
    expect(big.incident.id).toBe(ledger[0]);
    expect(big.link).toBe(`https://bpm.example.com/incidents?group=${encodeURIComponent(big.group!.key)}`);
    expect(big.group!.key).toMatch(new RegExp(`^WORKER:\\d+:${big.incident.nodeId}$`));
    expect(payloads.at(-1)).toMatchObject({ type: 'incident.acknowledged', incident: { id: mail[0] } });

    // The next storm in the same group, once the message was sent, is a message of its own.
    const more = await storm(big.incident.nodeId, 3);
    await expect.poll(() => r.received.length, { timeout: 15_000 }).toBe(4);
    const last = (r.accepted([hook.secret]) as unknown as Grouped[]).at(-1)!;
    expect(last.group).toMatchObject({ count: 3, incidentIds: more });
    await sleep(2_500);
    expect(r.received).toHaveLength(4);
  });

  it('sends one message per event without a window, as before', async () => {
    const r = await t.receiver();
    const hook = await t.subscribeAlone({
      name: unique('each '),
      url: r.url,
      eventTypes: ['incident.created'],
    });
    expect(hook.groupWindowSeconds).toBe(0);
    deliver();
    const ids = await storm(unique('billing-'), 6);
    await expect.poll(() => r.received.length, { timeout: 15_000 }).toBe(6);
    const payloads = r.accepted([hook.secret]) as unknown as Grouped[];
    expect(payloads.map((p) => p.incident.id)).toEqual(ids);
    expect(payloads.every((p) => p.group === undefined)).toBe(true);
  });

  it('says the count in Slack messages and emails too', async () => {
    const [id] = await storm(unique('slack-'), 1);
    const [incident] = await t.database.db.select().from(incidents).where(eq(incidents.id, id));
    const [event] = await t.database.db
      .select()
      .from(incidentEvents)
      .where(eq(incidentEvents.incidentId, id));
    const grouped = { key: 'WORKER:1:charge-card', events: { count: 37, incidentIds: [id], lastAt: 'x' } };
    const slack = JSON.parse(
      renderBody(
        { channel: 'webhook', format: 'slack' },
        event,
        incident,
        'https://bpm.example.com',
        grouped,
      ),
    ) as { text: string };
    expect(slack.text).toContain(`[HIGH] 37 events: new at ${incident.nodeId} (#${id} and 36 more)`);
    const email = JSON.parse(
      renderBody({ channel: 'email', format: 'json' }, event, incident, 'https://bpm.example.com', grouped),
    ) as { subject: string; text: string };
    expect(email.subject).toContain('37 events');
    expect(email.text).toContain(`Events in this message: 37, until x: incidents #${id} and 36 more`);
    expect(email.text).toContain('https://bpm.example.com/incidents?group=WORKER%3A1%3Acharge-card');
  });

  it('refuses a window beyond an hour or below zero', async () => {
    const caller = await t.caller();
    for (const groupWindowSeconds of [-1, 3601, 1.5]) {
      await expect(
        caller.webhooks.create({
          name: 'x',
          url: 'https://hooks.example.com/x',
          eventTypes: ['incident.created'],
          groupWindowSeconds,
        }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
